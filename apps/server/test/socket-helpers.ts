import { request as httpRequest, type Agent, type IncomingHttpHeaders } from 'node:http';

/** An answer as it came over the socket: its body the bytes on the wire (not decompressed). */
export interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A request over a real socket to 127.0.0.1:`port` — past Fastify's inject, to the HTTP server's own listener (the
 * answers written from memory, ADR 0080, 0083). `body` is written in the pieces given, ~20 ms apart (a split body
 * arrives in several packets).
 */
export function overSocket(
  port: number,
  agent: Agent,
  { path, method = 'GET', headers = {}, body }: { path: string; method?: string; headers?: Record<string, string>; body?: string[] },
): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    const pieces = [...(body ?? [])];
    if (pieces.length === 0) return void req.end();
    req.flushHeaders();
    const next = () => {
      const piece = pieces.shift();
      if (piece === undefined) return void req.end();
      req.write(piece);
      setTimeout(next, 20);
    };
    next();
  });
}

/** The headers that belong to the answer, not to the moment (its date and request id left out). */
export const answerHeaders = ({ headers }: Pick<Raw, 'headers'>) => {
  const { date: _date, 'x-request-id': _id, ...rest } = headers;
  return rest;
};
