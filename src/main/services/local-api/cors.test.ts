import { describe, expect, it } from 'vitest';
import { corsHeaders } from './cors';

describe('CORS of the Local API', () => {
  it('is off without a list, and answers only listed origins', () => {
    expect(corsHeaders('http://localhost:3000', [])).toBeNull();
    expect(corsHeaders('http://evil.example', ['http://localhost:3000'])).toBeNull();
    expect(corsHeaders('http://localhost:3000', ['http://localhost:3000/'])).toMatchObject({
      'Access-Control-Allow-Origin': 'http://localhost:3000',
    });
    expect(corsHeaders(undefined, ['*'])).toBeNull();
  });
});
