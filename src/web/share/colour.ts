// The pages paint a product's monogram as oklch(45% 0.13 <hue>) (style.css);
// resvg reads no oklch(), so share images get the same colour as sRGB hex,
// converted here (CSS Color 4's OKLab matrices; out-of-gamut channels clipped).

/** oklch(L C h) with L in 0..1 and h in degrees, as #rrggbb. */
export function oklchHex(lightness: number, chroma: number, hue: number): string {
  const rad = (hue * Math.PI) / 180;
  const a = chroma * Math.cos(rad);
  const b = chroma * Math.sin(rad);
  const l = (lightness + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (lightness - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (lightness - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const linear = [
    4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s,
  ];
  return `#${linear
    .map((c) => {
      const v = Math.min(1, Math.max(0, c));
      const srgb = v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055;
      return Math.round(srgb * 255)
        .toString(16)
        .padStart(2, '0');
    })
    .join('')}`;
}

/** The monogram's ground on the pages: oklch(45% 0.13 hue). */
export const monogramColour = (hue: number) => oklchHex(0.45, 0.13, hue);
