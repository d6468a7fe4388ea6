import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { pathParams } from '../../tools/define.js';
import { tools } from '../../tools/index.js';
import { openApiDocument } from '../../src/registry/openapi.js';
import { expectGolden } from '../helpers/golden.js';

const doc = openApiDocument(tools, 'http://localhost:3000') as { paths: Record<string, Record<string, any>> };

describe('the OpenAPI document', () => {
  it('validates as OpenAPI 3.1', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('has one operation per tool with its operationId, parameters and error responses', () => {
    for (const tool of tools) {
      const op = doc.paths[tool.http.path][tool.http.method.toLowerCase()];
      expect(op.operationId).toBe(tool.name);
      expect(Object.keys(op.responses)).toEqual(
        expect.arrayContaining([String(tool.http.status ?? 200), '400', '401', '429']),
      );
      if (tool.scope) expect(Object.keys(op.responses)).toContain('403');
      for (const p of pathParams(tool.http.path))
        expect(op.parameters.some((x: any) => x.in === 'path' && x.name === p)).toBe(true);
    }
  });

  it('declares bearer OAuth and API key security schemes', () => {
    const schemes = (doc as any).components.securitySchemes;
    expect(schemes.oauth2.type).toBe('oauth2');
    expect(schemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('names a contact: the docs page of the site that serves it', () => {
    expect((doc as any).info.contact).toEqual({ name: 'Launchboard API docs', url: 'http://localhost:3000/docs' });
    const elsewhere = openApiDocument(tools, 'https://launchboard.example.com') as any;
    expect(elsewhere.info.contact.url).toBe('https://launchboard.example.com/docs');
  });

  it('matches the committed golden document', () => {
    expectGolden('openapi.json', doc);
  });
});
