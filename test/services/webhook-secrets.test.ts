import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { createSecretBox, newSigningSecret, signedHeaders } from '../../src/services/webhook-secrets';

const KEY = Buffer.alloc(32, 7);
const OTHER_KEY = Buffer.alloc(32, 9);

/** Flips one bit of a base64 part of a sealed secret (1 iv, 2 tag, 3 body). */
function tamper(sealed: string, part: 1 | 2 | 3): string {
  const parts = sealed.split('.');
  const bytes = Buffer.from(parts[part], 'base64');
  bytes[0] ^= 0x01;
  parts[part] = bytes.toString('base64');
  return parts.join('.');
}

describe('webhook secrets', () => {
  describe('newSigningSecret', () => {
    it('is whsec_ and 32 random bytes in base64', () => {
      const secret = newSigningSecret();
      assert.ok(secret.startsWith('whsec_'), secret);
      const encoded = secret.slice('whsec_'.length);
      assert.match(encoded, /^[A-Za-z0-9+/]+={0,2}$/);
      const bytes = Buffer.from(encoded, 'base64');
      assert.equal(bytes.length, 32);
      assert.equal(bytes.toString('base64'), encoded, 'canonical base64');
    });

    it('is different every time', () => {
      const secrets = new Set(Array.from({ length: 20 }, () => newSigningSecret()));
      assert.equal(secrets.size, 20);
    });

    it('is accepted by the standardwebhooks library', () => {
      assert.doesNotThrow(() => new Webhook(newSigningSecret()));
    });
  });

  describe('createSecretBox', () => {
    it('seal then open gives the secret back', () => {
      const box = createSecretBox(KEY);
      for (const secret of [newSigningSecret(), 'whsec_short', '', 'ünïcødé ✓']) {
        assert.equal(box.open(box.seal(secret)), secret);
      }
    });

    it('a second box under the same key opens what the first sealed', () => {
      const secret = newSigningSecret();
      assert.equal(createSecretBox(Buffer.from(KEY)).open(createSecretBox(KEY).seal(secret)), secret);
    });

    it('sealing twice gives different ciphertexts', () => {
      const box = createSecretBox(KEY);
      const secret = newSigningSecret();
      const a = box.seal(secret);
      const b = box.seal(secret);
      assert.notEqual(a, b);
      assert.equal(box.open(a), secret);
      assert.equal(box.open(b), secret);
    });

    it('the sealed form does not contain the secret', () => {
      const secret = newSigningSecret();
      const sealed = createSecretBox(KEY).seal(secret);
      assert.ok(!sealed.includes(secret.slice('whsec_'.length)));
      assert.ok(!sealed.includes(secret));
    });

    const tampered: Array<[string, 1 | 2 | 3]> = [
      ['the iv', 1],
      ['the tag', 2],
      ['the ciphertext', 3],
    ];
    for (const [what, part] of tampered) {
      it(`a sealed secret with a changed ${what} fails to open`, () => {
        const box = createSecretBox(KEY);
        const sealed = box.seal(newSigningSecret());
        assert.throws(() => box.open(tamper(sealed, part)));
      });
    }

    it('a different key fails to open', () => {
      const sealed = createSecretBox(KEY).seal(newSigningSecret());
      assert.throws(() => createSecretBox(OTHER_KEY).open(sealed));
      assert.throws(() => createSecretBox(randomBytes(32)).open(sealed));
    });

    const malformed = ['', 'whsec_plain', 'v2.a.b.c', 'v1.onlyiv', 'v1.iv.tag'];
    for (const sealed of malformed) {
      it(`a malformed value fails to open: ${JSON.stringify(sealed)}`, () => {
        assert.throws(() => createSecretBox(KEY).open(sealed));
      });
    }

    for (const length of [0, 16, 31, 33, 64]) {
      it(`a ${length}-byte key throws`, () => {
        assert.throws(() => createSecretBox(Buffer.alloc(length, 1)), TypeError);
      });
    }
  });

  describe('signedHeaders', () => {
    const body = JSON.stringify({ id: 'evt_1', type: 'webhook.test', data: {} });

    it('produces webhook-id, webhook-timestamp in seconds and a signature that verifies', () => {
      const secret = newSigningSecret();
      const at = new Date();
      const headers = signedHeaders([secret], 'evt_1', at, body);
      assert.deepEqual(Object.keys(headers).sort(), ['webhook-id', 'webhook-signature', 'webhook-timestamp']);
      assert.equal(headers['webhook-id'], 'evt_1');
      assert.equal(headers['webhook-timestamp'], String(Math.floor(at.getTime() / 1000)));
      assert.match(headers['webhook-timestamp'], /^\d{10}$/);
      assert.match(headers['webhook-signature'], /^v1,[A-Za-z0-9+/]+={0,2}$/);
      assert.deepEqual(new Webhook(secret).verify(body, headers), JSON.parse(body));
    });

    it('the timestamp is whole seconds, rounded down', () => {
      const headers = signedHeaders([newSigningSecret()], 'evt_1', new Date(1_700_000_000_999), body);
      assert.equal(headers['webhook-timestamp'], '1700000000');
    });

    it('with two secrets the header has two space-separated v1 signatures, each verifying alone', () => {
      const oldSecret = newSigningSecret();
      const newSecret = newSigningSecret();
      const headers = signedHeaders([newSecret, oldSecret], 'evt_2', new Date(), body);
      const signatures = headers['webhook-signature'].split(' ');
      assert.equal(signatures.length, 2);
      for (const s of signatures) assert.match(s, /^v1,[A-Za-z0-9+/]+={0,2}$/);
      assert.notEqual(signatures[0], signatures[1]);
      assert.deepEqual(new Webhook(oldSecret).verify(body, headers), JSON.parse(body));
      assert.deepEqual(new Webhook(newSecret).verify(body, headers), JSON.parse(body));
    });

    it('a secret not among them fails verification', () => {
      const headers = signedHeaders([newSigningSecret(), newSigningSecret()], 'evt_3', new Date(), body);
      assert.throws(() => new Webhook(newSigningSecret()).verify(body, headers));
    });

    it('a changed body, id or timestamp fails verification', () => {
      const secret = newSigningSecret();
      const at = new Date();
      const headers = signedHeaders([secret], 'evt_4', at, body);
      const wh = new Webhook(secret);
      assert.throws(() => wh.verify(`${body} `, headers));
      assert.throws(() => wh.verify(body.replace('webhook.test', 'readiness.dropped'), headers));
      assert.throws(() => wh.verify(body, { ...headers, 'webhook-id': 'evt_5' }));
      assert.throws(() => wh.verify(body, { ...headers, 'webhook-timestamp': String(Number(headers['webhook-timestamp']) - 1) }));
    });
  });
});
