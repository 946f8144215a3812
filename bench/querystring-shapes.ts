// The input corpus of the querystring benchmark: many shapes of real and synthetic query strings, so that a speed claim
// holds for the inputs people parse, not only for a chosen few. Written for this project: the real-world strings are
// typical of analytics beacons, search result pages, OAuth authorization requests and campaign links.

export interface Shape {
  readonly name: string;
  readonly kind: 'parse' | 'stringify';
  readonly input: string | Record<string, unknown>;
}

const pairs = (count: number, pair: (index: number) => string): string => Array.from({ length: count }, (_, index) => pair(index)).join('&');

const parseInputs: Readonly<Record<string, string>> = {
  'short simple': 'foo=bar&baz=qux&page=2&sort=asc',
  'four distinct keys': 'a=1&b=2&c=hello&d=world',
  'one pair': 'id=42',
  'empty string': '',
  'one-char keys': 'a=1&b=2&c=3&d=4&e=5&f=6&g=7&h=8',
  'long keys': pairs(8, (index) => `a_rather_long_parameter_name_number_${index}=v${index}`),
  'repeated keys early': 'a=1&a=2&a=3&b=x&b=y',
  'repeated keys late': 'x=1&y=2&z=3&w=4&v=5&x=6&y=7&z=8',
  'repeated keys interleaved': 'id=1&id=2&id=3&tag=a&id=4&tag=b&tag=c&id=5',
  'one key many times': pairs(40, (index) => `id=${index}`),
  '200 keys': pairs(200, (index) => `key${index}=value${index}`),
  'numeric keys': pairs(20, (index) => `${index}=item${index}`),
  'empty values': 'a=&b=&c=&d=1&e=&f=',
  'keys without =': 'flag&debug&verbose&x=1&trace',
  'stray separators': 'a=1&&b=2&&&c=3&=&d=4&',
  'plus as space': 'q=hello+world+and+more+words&lang=en+US&note=a+b+c',
  'percent-encoded utf-8': 'name=J%C3%BCrgen%20M%C3%BCller&city=S%C3%A3o+Paulo&q=caf%C3%A9%20au%20lait&tag=%E2%9C%93&x=%F0%9F%98%80',
  'encoded keys': 'user%5Bname%5D=ada&user%5Bemail%5D=ada%40example.org&items%5B0%5D=1&items%5B1%5D=2',
  'raw non-ascii': 'name=Jürgen&city=São Paulo&greeting=こんにちは&emoji=😀',
  'json in a value': `filter=${encodeURIComponent(JSON.stringify({ status: 'active', tags: ['a', 'b'], range: { from: 1, to: 99 } }))}&page=1`,
  'long values': `token=${'a1B2c3D4'.repeat(256)}&payload=${'xYz09-_.~'.repeat(200)}`,
  'long encoded value': `text=${encodeURIComponent('Grüße aus Köln — ½ price! '.repeat(40))}`,
  'analytics beacon':
    'v=1&_v=j101&a=123456789&t=pageview&_s=1&dl=https%3A%2F%2Fshop.example.com%2Fproducts%2Fshoes%3Fcolor%3Dred&ul=en-us&de=UTF-8' +
    '&dt=Red%20Shoes%20%7C%20Shop&sd=24-bit&sr=1920x1080&vp=1280x720&je=0&_u=QACAAEAB~&jid=&gjid=&cid=555.1700000000&tid=UA-12345-1' +
    '&_gid=987654321.1700000000&z=1234567890',
  'search results page': 'q=how+to+parse+query+strings+fast&oq=how+to+parse+query&aqs=chrome.0.69i59j0i512l9.4521j0j7&sourceid=chrome&ie=UTF-8&start=10&num=20',
  'oauth authorization':
    'response_type=code&client_id=s6BhdRkqt3&redirect_uri=https%3A%2F%2Fclient.example.org%2Fcallback&scope=openid%20profile%20email' +
    '&state=af0ifjsldkj&nonce=n-0S6_WzA2Mj&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256',
  'campaign link': 'utm_source=newsletter&utm_medium=email&utm_campaign=spring_sale_2026&utm_term=running+shoes&utm_content=logo-link&ref=abc123',
};

const stringifyInputs: Readonly<Record<string, Record<string, unknown>>> = {
  simple: { foo: 'bar', baz: 'qux', page: 2, sort: 'asc', flag: true },
  'one pair': { id: 42 },
  'empty object': {},
  unicode: { name: 'Jürgen Müller', city: 'São Paulo', q: 'café au lait', tag: '✓ done', emoji: '😀🎉' },
  arrays: { id: [1, 2, 3, 4, 5], tag: ['a', 'b', 'c'], mixed: ['x y', 7, true, 'z&w'] },
  'long array': { id: Array.from({ length: 100 }, (_, index) => index) },
  '50 keys': Object.fromEntries(Array.from({ length: 50 }, (_, index) => [`key${index}`, `value${index}`])),
  'needs escaping': { redirect_uri: 'https://client.example.org/callback?x=1&y=2', scope: 'openid profile email', q: 'a+b=c/d?e#f' },
  'numbers and booleans': { a: 1, b: -2.5, c: 1e21, d: true, e: false, f: 0, g: Number.NaN },
  'long value': { token: 'a1B2c3D4'.repeat(256) },
};

/** Every shape, parse first. */
export const shapes: readonly Shape[] = [
  ...Object.entries(parseInputs).map(([name, input]): Shape => ({ name: `parse: ${name}`, kind: 'parse', input })),
  ...Object.entries(stringifyInputs).map(([name, input]): Shape => ({ name: `stringify: ${name}`, kind: 'stringify', input })),
];
