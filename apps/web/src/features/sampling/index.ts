// The sampling feature's front door (ADR 0059): what another feature may use of it.
export { SamplingCard } from './components/sampling-card.tsx';
