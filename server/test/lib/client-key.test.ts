import { clientKey, keyedDigest } from '../../src/lib/client-key';

describe('clientKey', () => {
  test('an IPv4 address is itself', () => {
    expect(clientKey('192.0.2.7')).toBe('192.0.2.7');
    expect(clientKey('10.0.0.1')).not.toBe(clientKey('10.0.0.2'));
  });

  test('every address of one IPv6 /64 is one client, however it is written', () => {
    const key = clientKey('2001:db8:1:2::1');
    expect(key).toBe('2001:db8:1:2::/64');
    for (const address of [
      '2001:db8:1:2::ffff',
      '2001:0db8:0001:0002:0000:0000:0000:0009',
      '2001:DB8:1:2:aaaa:bbbb:cccc:dddd',
      '2001:db8:1:2:1:2:192.0.2.1',
      'fe80::1%eth0'.replace('fe80::1', '2001:db8:1:2::7'),
    ]) {
      expect([address, clientKey(address)]).toEqual([address, key]);
    }
  });

  test('another /64 is another client', () => {
    expect(clientKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
  });

  test('an IPv4 address written as IPv6 is the IPv4 address', () => {
    expect(clientKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(clientKey('::FFFF:10.1.2.3')).toBe('10.1.2.3');
  });

  test('anything else is kept as it is', () => {
    expect(clientKey('unix-socket')).toBe('unix-socket');
  });
});

describe('keyedDigest', () => {
  test('depends on the secret, and holds nothing of what it digests', () => {
    const one = keyedDigest('a-secret-that-is-long-enough-for-this-test');
    const two = keyedDigest('another-secret-that-is-long-enough-for-it');
    expect(one('addr', '192.0.2.7')).toBe(one('addr', '192.0.2.7'));
    expect(one('addr', '192.0.2.7')).not.toBe(two('addr', '192.0.2.7'));
    expect(one('addr', '192.0.2.7')).not.toBe(one('addr', '192.0.2.8'));
    expect(one('addr', '192.0.2.7')).toMatch(/^[0-9a-f]{32}$/);
  });
});
