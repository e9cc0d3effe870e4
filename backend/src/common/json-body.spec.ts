import { UnsupportedMediaTypeException } from '@nestjs/common';
import express, { Request, Response } from 'express';
import { refuseNonJsonBody } from './json-body';

/** What the check does with a request: passes it on, or refuses it with the error it hands to the filter. */
function run(method: string, headers: Record<string, string>): { passed: boolean; error?: UnsupportedMediaTypeException } {
  const req = Object.assign(Object.create(express.request) as Request, { method, headers });
  let outcome: { passed: boolean; error?: UnsupportedMediaTypeException } = { passed: false };
  refuseNonJsonBody(req, {} as Response, (error?: unknown) => {
    outcome = error ? { passed: false, error: error as UnsupportedMediaTypeException } : { passed: true };
  });
  return outcome;
}

const withBody = (type?: string) => ({ 'content-length': '17', ...(type ? { 'content-type': type } : {}) });

describe('refuseNonJsonBody', () => {
  it.each(['application/json', 'application/json; charset=utf-8', 'Application/JSON'])('should let a %s body through to the JSON parser', (type) => {
    expect(run('PUT', withBody(type)).passed).toBe(true);
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', 'application/merge-patch+json'])(
    'should refuse a %s body with a 415 naming application/json',
    (type) => {
      const { error } = run('PUT', withBody(type));
      expect(error).toBeInstanceOf(UnsupportedMediaTypeException);
      expect(error!.getStatus()).toBe(415);
      expect(error!.message).toBe(`The Content-Type ${JSON.stringify(type)} is not supported; send the body as JSON, with Content-Type: application/json.`);
    },
  );

  it('should refuse a body without a Content-Type, and one sent in chunks', () => {
    expect(run('POST', withBody()).error?.message).toBe('The request body has no Content-Type; send it as JSON, with Content-Type: application/json.');
    expect(run('DELETE', { 'transfer-encoding': 'chunked', 'content-type': 'text/plain' }).error?.getStatus()).toBe(415);
  });

  it('should let a write with no body through whatever its Content-Type (a POST with nothing to send)', () => {
    expect(run('POST', {}).passed).toBe(true);
    expect(run('POST', { 'content-length': '0' }).passed).toBe(true);
    expect(run('PUT', { 'content-length': '0', 'content-type': 'text/plain' }).passed).toBe(true);
  });

  it('should leave the body of a read alone', () => {
    expect(run('GET', withBody('text/plain')).passed).toBe(true);
  });

  it('should quote at most 100 characters of the Content-Type it refuses', () => {
    const type = `text/${'x'.repeat(300)}`;
    expect(run('PATCH', withBody(type)).error?.message).toContain(JSON.stringify(type.slice(0, 100)));
  });
});
