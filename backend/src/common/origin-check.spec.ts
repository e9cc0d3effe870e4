import type { NextFunction, Request, Response } from 'express';
import { createOriginCheck } from './origin-check';

function run(method: string, headers: Record<string, string>) {
  const check = createOriginCheck('http://localhost:3000');
  const req = {
    method,
    protocol: 'http',
    get: (name: string) => (name === 'host' ? 'localhost:3000' : headers[name.toLowerCase()]),
  } as unknown as Request;
  let status = 0;
  const res = { status: (code: number) => ((status = code), res), json: () => res } as unknown as Response;
  const next = jest.fn() as NextFunction;
  check(req, res, next);
  return { status, passed: (next as jest.Mock).mock.calls.length === 1 };
}

describe('createOriginCheck', () => {
  it('should let a same-origin POST through', () => {
    expect(run('POST', { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' }).passed).toBe(true);
  });

  it('should refuse a POST whose Origin is another site', () => {
    expect(run('POST', { origin: 'https://evil.example' })).toEqual({ status: 403, passed: false });
  });

  it('should refuse a DELETE that the browser marks cross-site even without Origin', () => {
    expect(run('DELETE', { 'sec-fetch-site': 'cross-site' })).toEqual({ status: 403, passed: false });
  });

  it('should let a cross-site GET through because reads change nothing', () => {
    expect(run('GET', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }).passed).toBe(true);
  });

  it('should let a request without browser headers through', () => {
    expect(run('PUT', {}).passed).toBe(true);
  });
});
