import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One push the local push service accepted, decrypted. */
export interface ReceivedPush {
  device: string;
  ttl: number;
  urgency: string;
  topic: string;
  /** The decrypted payload text, as the browser would hand it to the service worker. */
  text: string;
}

/** A test device: its subscription for the API and its private key for decrypting. */
export interface PushDevice {
  id: string;
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
}

/**
 * Opens an aes128gcm Web Push message (RFC 8291 on RFC 8188) with the device's key, using Node's
 * crypto primitives (ECDH, HKDF, AES-128-GCM): a single record, as the server sends.
 */
function decrypt(body: Buffer, privateKey: Buffer, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20] ?? 0;
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(privateKey);
  const shared = ecdh.computeSecret(senderKey);
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, info, 32));
  const key = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end -= 1;
  if (plain[end] !== 2) throw new Error('bad padding delimiter');
  return plain.subarray(0, end).toString('utf8');
}

/**
 * A push service on loopback for the browser tests (the server runs with the tests-only
 * INTERNO_PUSH_ALLOW_LOOPBACK): it answers 201 and keeps each push decrypted, so a test can hand
 * the very payload the server sent to the service worker.
 */
export async function startPushService(): Promise<{
  device: () => PushDevice;
  received: (device: PushDevice) => ReceivedPush[];
  waitFor: (device: PushDevice, count: number, timeoutMs?: number) => Promise<ReceivedPush[]>;
  stop: () => Promise<void>;
}> {
  const keys = new Map<string, { privateKey: Buffer; auth: Buffer }>();
  const pushes: ReceivedPush[] = [];
  const server: Server = createServer((req, res) => {
    const id = req.url?.replace(/^\/push\//, '') ?? '';
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const device = keys.get(id);
      if (!device || req.method !== 'POST') {
        res.writeHead(404).end();
        return;
      }
      try {
        const text = decrypt(Buffer.concat(chunks), device.privateKey, device.auth);
        pushes.push({ device: id, ttl: Number(req.headers.ttl), urgency: String(req.headers.urgency ?? ''), topic: String(req.headers.topic ?? ''), text });
        res.writeHead(201).end();
      } catch (error) {
        res.writeHead(400).end(String(error));
      }
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const received = (device: PushDevice) => pushes.filter((p) => p.device === device.id);
  return {
    device: () => {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = randomBytes(8).toString('hex');
      keys.set(id, { privateKey: ecdh.getPrivateKey(), auth });
      return {
        id,
        subscription: { endpoint: `${base}/push/${id}`, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } },
      };
    },
    received,
    waitFor: async (device, count, timeoutMs = 20_000) => {
      const deadline = Date.now() + timeoutMs;
      while (received(device).length < count) {
        if (Date.now() > deadline) throw new Error(`${received(device).length} of ${count} pushes reached the device`);
        await new Promise((done) => setTimeout(done, 50));
      }
      return received(device);
    },
    stop: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** How the fake PushManager of fakePushManager behaves in the page. */
export interface FakePushOptions {
  /** The subscription subscribe() hands out: a device of the local push service. */
  subscription: PushDevice['subscription'];
  /** Notification.permission as the page sees it ('denied': blocked in the browser's settings). */
  permission?: NotificationPermission;
  /** Removes PushManager from window: a browser that cannot receive pushes. */
  unsupported?: boolean;
  /** Presents the page as iPhone Safari outside the installed app. */
  iosSafari?: boolean;
}

/**
 * Headless Chromium has no push service (PushManager.subscribe fails), so the page gets a
 * PushManager whose subscribe() returns a subscription of the local push service: the app's real
 * opt-in runs (permission, GET /api/push/key, POST /api/push/subscriptions) and the server's real
 * pushes reach the test. The key the app subscribed with is kept in localStorage
 * (`fake-push-key`) for the test to compare with the server's. Install with context.addInitScript.
 */
export function fakePushManager(options: FakePushOptions): [(o: FakePushOptions) => void, FakePushOptions] {
  const script = (o: FakePushOptions): void => {
    const w = window as unknown as Record<string, unknown>;
    if (o.iosSafari) {
      Object.defineProperty(Navigator.prototype, 'userAgent', {
        get: () => 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      });
    }
    if (o.unsupported || o.iosSafari) {
      delete w.PushManager;
      return;
    }
    if (o.permission) {
      Object.defineProperty(Notification, 'permission', { get: () => o.permission });
      Notification.requestPermission = () => Promise.resolve(o.permission!);
    }
    const KEY = 'fake-push-key';
    const bytes = (b64: string): ArrayBuffer => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)).buffer;
    const make = (key: string) => ({
      endpoint: o.subscription.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: bytes(key) },
      toJSON: () => o.subscription,
      getKey: () => null,
      unsubscribe: () => {
        localStorage.removeItem(KEY);
        return Promise.resolve(true);
      },
    });
    const proto = (w.PushManager as { prototype: Record<string, unknown> }).prototype;
    proto.subscribe = (init: { applicationServerKey: Uint8Array }) => {
      const key = btoa(String.fromCharCode(...new Uint8Array(init.applicationServerKey)));
      localStorage.setItem(KEY, key);
      return Promise.resolve(make(key));
    };
    proto.getSubscription = () => {
      const key = localStorage.getItem(KEY);
      return Promise.resolve(key ? make(key) : null);
    };
  };
  return [script, options];
}
