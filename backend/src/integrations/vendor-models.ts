/** One model as a vendor's own listing names it for a key: its id, its display name, and when the vendor made it (ISO), where it says. */
export interface ListedVendorModel {
  id: string;
  name: string;
  created: string | null;
  /** The most output tokens a request may ask of it, where the listing says (Anthropic's `max_tokens`). */
  maxTokens?: number | null;
}

/** The fetch a vendor's SDK is given: Quire's, which counts each attempt (metrics) before and after it goes. */
export type VendorFetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
