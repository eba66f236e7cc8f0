/**
 * The authenticator's `otpauth://` link as a QR code, drawn here as SVG (the `qrcode` library
 * only encodes): the secret never leaves the page, no image service is asked.
 */
import { useMemo } from 'react';
import QRCode from 'qrcode';
import { useSecurityT } from '../../../i18n/security.ts';

/** The modules around the code that scanners need blank. */
const QUIET_ZONE = 4;

/** One path of unit squares, one per dark module, offset by the quiet zone. */
export function qrPath(text: string): { size: number; path: string } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  let path = '';
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) path += `M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
    }
  }
  return { size: modules.size + QUIET_ZONE * 2, path };
}

export function TotpQrCode({ uri }: { uri: string }) {
  const t = useSecurityT();
  const code = useMemo(() => {
    try {
      return qrPath(uri);
    } catch {
      // Too long to encode (it never is for an otpauth link): the link and the key still work.
      return null;
    }
  }, [uri]);
  if (!code) return null;
  return (
    <svg
      role="img"
      aria-label={t('QR code to scan with your authenticator app')}
      viewBox={`0 0 ${code.size} ${code.size}`}
      className="h-48 w-48 rounded bg-white"
      shapeRendering="crispEdges"
    >
      <rect width={code.size} height={code.size} fill="#fff" />
      <path d={code.path} fill="#000" />
    </svg>
  );
}
