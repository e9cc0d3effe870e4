import { AddressGuard, refusalReason } from './address-guard';

describe('refusalReason', () => {
  it.each([
    ['127.0.0.1', 'a loopback address'],
    ['127.255.0.9', 'a loopback address'],
    ['10.20.30.40', 'a private address'],
    ['172.16.0.1', 'a private address'],
    ['192.168.1.1', 'a private address'],
    ['169.254.169.254', 'a link-local address (cloud metadata lives here)'],
    ['100.64.0.1', 'a shared (carrier-grade NAT) address'],
    ['0.0.0.0', 'a reserved address'],
    ['::1', 'a loopback address'],
    ['::', 'an unspecified address'],
    ['::ffff:127.0.0.1', 'a loopback address'],
    ['::ffff:7f00:1', 'a loopback address'],
    ['::ffff:a9fe:a9fe', 'a link-local address (cloud metadata lives here)'],
    ['64:ff9b::10.0.0.1', 'a private address'],
    ['2002:c0a8:0101::1', 'a private address'],
    ['fd00:ec2::254', 'a private (unique local) address'],
    ['fe80::1', 'a link-local address'],
    ['[::1]', 'a loopback address'],
  ])('should refuse %s as %s', (address, reason) => {
    expect(refusalReason(address)).toBe(reason);
  });

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8', '172.32.0.1'])('should let the public address %s through', (address) => {
    expect(refusalReason(address)).toBeNull();
  });
});

describe(AddressGuard.name, () => {
  describe('resolve', () => {
    it('should refuse a public-looking name when any address it resolves to is private', async () => {
      const guard = new AddressGuard(false, {
        resolver: async () => [
          { address: '93.184.216.34', family: 4 },
          { address: '10.0.0.7', family: 4 },
        ],
      });
      await expect(guard.resolve('intranet.example.com')).rejects.toThrow(
        'intranet.example.com (10.0.0.7) is a private address; Quire does not crawl private networks (CRAWL_ALLOW_PRIVATE_NETWORKS).',
      );
    });

    it('should answer the addresses when all are public or private networks are allowed', async () => {
      const resolver = async () => [{ address: '10.0.0.7', family: 4 }];
      await expect(new AddressGuard(true, { resolver }).resolve('intranet')).resolves.toEqual([{ address: '10.0.0.7', family: 4 }]);
      const publicResolver = async () => [{ address: '93.184.216.34', family: 4 }];
      await expect(new AddressGuard(false, { resolver: publicResolver }).resolve('example.com')).resolves.toHaveLength(1);
    });
  });

  describe('checkLiteral', () => {
    it.each([
      'http://127.0.0.1/',
      'http://[::1]:8080/',
      'http://[::ffff:127.0.0.1]/',
      'http://2130706433/',
      'http://0x7f.1/',
      'http://169.254.169.254/latest/meta-data/',
    ])('should refuse the literal host of %s', (url) => {
      expect(() => new AddressGuard(false).checkLiteral(new URL(url))).toThrow(/ is an? .*; Quire does not crawl private networks/);
    });

    it('should leave names to the resolver and allow literals when private networks are allowed', () => {
      expect(() => new AddressGuard(false).checkLiteral(new URL('http://localhost/'))).not.toThrow();
      expect(() => new AddressGuard(true).checkLiteral(new URL('http://127.0.0.1/'))).not.toThrow();
    });
  });

  describe('lookup', () => {
    it('should answer net.connect in both of its forms and pass refusals on as errors', async () => {
      const guard = new AddressGuard(false, { resolver: async (host) => [{ address: host === 'good' ? '93.184.216.34' : '127.0.0.1', family: 4 }] });
      const one = await new Promise((resolve) => guard.lookup('good', {}, (error, address, family) => resolve({ error, address, family })));
      expect(one).toEqual({ error: null, address: '93.184.216.34', family: 4 });
      const all = await new Promise((resolve) => guard.lookup('good', { all: true }, (error, address) => resolve({ error, address })));
      expect(all).toEqual({ error: null, address: [{ address: '93.184.216.34', family: 4 }] });
      const refused = await new Promise<Error | null>((resolve) => guard.lookup('localhost', { all: true }, (error) => resolve(error)));
      expect(refused?.message).toMatch(/^localhost \(127\.0\.0\.1\) is a loopback address/);
    });
  });
});
