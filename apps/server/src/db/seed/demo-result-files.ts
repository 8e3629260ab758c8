// The demo's result files, each the kind of data its item measures (issue 21:
// an FTIR order once carried an XRD pattern): what the lab's instruments export.

/** A powder XRD scan as the diffractometer exports it (2θ and counts, 10°–80°, step 0.02°): a few peaks on a slowly falling background. */
function demoXrd(seed: number): string {
  const peaks = [
    [17.1, 900],
    [20.8, 1400],
    [25.6, 2600],
    [29.7, 1800],
    [32.2, 700],
    [35.6, 2100],
    [42.5, 500],
    [52.4, 650],
  ] as const;
  const lines = ['# 2theta(deg)\tintensity(counts)'];
  for (let i = 0; i <= 3500; i++) {
    const x = 10 + i * 0.02;
    let y = 120 + 400 * Math.exp(-x / 12);
    for (const [c, h] of peaks) y += h * Math.exp(-((x - c) ** 2) / (2 * 0.08 ** 2));
    y += ((i * 7919 + seed * 104729) % 37) - 18;
    lines.push(`${x.toFixed(2)}\t${Math.max(0, Math.round(y))}`);
  }
  return `${lines.join('\n')}\n`;
}

/** An FTIR spectrum as the spectrometer exports it (wavenumber 4000–400 cm⁻¹ and %T): absorption bands dipping from a flat baseline. */
function demoFtir(seed: number): string {
  const bands = [
    [3400, 28, 120],
    [2920, 22, 30],
    [2850, 15, 25],
    [1720, 45, 18],
    [1450, 20, 20],
    [1180, 38, 35],
    [870, 18, 15],
  ] as const;
  const lines = ['Wavenumber(cm-1),Transmittance(%)'];
  for (let i = 0; i <= 3600; i++) {
    const x = 4000 - i;
    let y = 92;
    for (const [c, depth, width] of bands) y -= depth * Math.exp(-((x - c) ** 2) / (2 * width ** 2));
    y += (((i * 7919 + seed * 104729) % 21) - 10) / 40;
    lines.push(`${x},${y.toFixed(2)}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The result file of a demo order by its first item: FTIR (d10061) a spectrum, everything else a diffraction pattern. */
export function demoResultFile(rid: string, seed: number): { text: string; suffix: string } {
  if (rid === 'd10061') return { text: demoFtir(seed), suffix: 'FTIR.csv' };
  return { text: demoXrd(seed), suffix: 'XRD.xy' };
}
