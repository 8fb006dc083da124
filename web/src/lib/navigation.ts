/**
 * Full page loads, for the moments the spec asks for one (after email sign-in and sign-out, so no
 * state of the previous visitor stays in memory). One function, so tests can replace it.
 */
export function loadPage(url: string): void {
  window.location.assign(url);
}
