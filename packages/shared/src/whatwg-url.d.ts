// The WHATWG URL class, which Node and every browser both provide. The package compiles without
// Node's or the DOM's type libraries, so that nothing else of either slips in; this is the part used.
declare class URL {
  constructor(input: string, base?: string);
  readonly hostname: string;
  readonly href: string;
}
