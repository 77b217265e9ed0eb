import type http from 'node:http';
import { send } from '../respond';

/**
 * Small pieces the company sites share. Only plumbing lives here (sitemaps, JSON-LD, a PDF): each layout
 * family writes its own markup, as unrelated companies would.
 */

export type Res = http.ServerResponse;

export const sitemapXml = (origin: string, paths: string[], lastmod = '2024-11-02') =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${paths
    .map((p) => `  <url><loc>${origin}${p}</loc><lastmod>${lastmod}</lastmod></url>`)
    .join('\n')}\n</urlset>\n`;

export const xml = (res: Res, body: string) => send(res, 200, 'application/xml; charset=utf-8', body);

/** A `<script type="application/ld+json">` block. */
export const ldJson = (data: unknown) => `<script type="application/ld+json">${JSON.stringify(data)}</script>`;

export const js = (res: Res, body: string) => send(res, 200, 'application/javascript; charset=utf-8', body);

/** A minimal valid one-page PDF showing `lines` in Helvetica (byte offsets computed, so readers accept it). */
export function pdfDocument(lines: string[]): Buffer {
  const esc = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);
  const stream = `BT /F1 12 Tf 72 740 Td 16 TL ${lines.map((l) => `(${esc(l)}) '`).join(' ')} ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

export const sendPdf = (res: Res, body: Buffer) => {
  res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': String(body.length) });
  res.end(body);
};
