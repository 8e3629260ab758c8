import { useQuery } from '@tanstack/react-query';
import { call } from '@yance/browser/api-client';

/** The service agreement in force (an institution ticks it at ordering, ADR 0070); public, so it is not the user's data. */
export const useServiceAgreement = (enabled = true) =>
  useQuery({
    queryKey: ['service-agreement'],
    queryFn: ({ signal }) => call('serviceAgreement', {}, { signal }),
    enabled,
    staleTime: 60_000,
  });
