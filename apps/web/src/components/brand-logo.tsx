import type { Brand } from '@portal/contract/brands';

type BrandLogoProps = {
  brand: Brand;
  /** Colour of the brand name next to the badge. */
  textColor?: string;
  size?: number;
  showName?: boolean;
};

/** The logo badge (brand letters on the accent colour) and the brand name. */
export function BrandLogo({ brand, textColor, size = 32, showName = true }: BrandLogoProps) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 10, minWidth: 0 }}>
      <span
        aria-hidden="true"
        style={{
          width: size,
          height: size,
          borderRadius: 8,
          background: brand.colors.accent,
          color: brand.colors.header,
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          fontWeight: 800,
          fontSize: size * 0.55,
          flex: 'none',
        }}
      >
        {brand.logoText}
      </span>
      {showName && (
        <span
          style={{
            color: textColor,
            fontWeight: 700,
            fontSize: size * 0.56,
            whiteSpace: 'nowrap',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
          }}
        >
          {brand.name}
        </span>
      )}
    </span>
  );
}
