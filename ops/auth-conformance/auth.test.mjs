// Conformance test: drives bazaar's /auth/v1 with the unmodified @supabase/auth-js
// client (plus a few raw fetches for what the client hides) and checks the
// GoTrue-compatible behaviour described in docs/auth-wire.md.
//
// Run: BASE_URL=http://127.0.0.1:8080 npm test
// The server must run with email confirmation OFF (--auth-autoconfirm).
import { test, after } from 'node:test'
import assert from 'node:assert/strict'
import { createHmac, webcrypto } from 'node:crypto'
import { AuthClient } from '@supabase/auth-js'

const BASE_URL = (process.env.BASE_URL ?? 'http://127.0.0.1:8080').replace(/\/+$/, '')
const AUTH_URL = `${BASE_URL}/auth/v1`
const APIKEY = process.env.APIKEY ?? 'anon'
// Seconds during which GoTrue tolerates re-use of a rotated refresh token
// (GOTRUE_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL). The test waits it out
// before checking reuse detection. bazaar under test: 0 unless told otherwise.
const REUSE_INTERVAL = Number(process.env.REFRESH_REUSE_INTERVAL ?? '0')

const RUN = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`
const EMAIL = `conf-${RUN}@example.com`
const FULL_NAME = 'Conformance Tester'
let password = 'Conformance-Pass-1'
const NEW_PASSWORD = 'Conformance-Pass-2'

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const B64URL_RE = /^[A-Za-z0-9_-]+$/

// ---------------------------------------------------------------------------
// plumbing

/** Every HTTP exchange (client and raw), for the summary. */
const wire = []
/** Observations worth printing at the end (what the server actually did). */
const notes = []
const note = (t, msg) => {
  notes.push(msg)
  t?.diagnostic?.(msg)
}

function memoryStorage() {
  const m = new Map()
  return {
    getItem: (k) => (m.has(k) ? m.get(k) : null),
    setItem: (k, v) => void m.set(k, v),
    removeItem: (k) => void m.delete(k),
  }
}

async function loggingFetch(input, init = {}) {
  const url = new URL(typeof input === 'string' ? input : input.url)
  const rec = { via: 'client', method: init.method ?? 'GET', path: url.pathname + url.search }
  wire.push(rec)
  const res = await fetch(input, init)
  rec.status = res.status
  return res
}

let clientCount = 0
function makeClient() {
  clientCount += 1
  return new AuthClient({
    url: AUTH_URL,
    headers: { apikey: APIKEY },
    storage: memoryStorage(),
    storageKey: `conformance-${clientCount}`,
    autoRefreshToken: false,
    persistSession: true,
    detectSessionInUrl: false,
    fetch: loggingFetch,
  })
}

/** A raw request with the headers auth-js sends. */
async function raw(method, path, { body, jwt, headers = {} } = {}) {
  const h = { apikey: APIKEY, 'X-Supabase-Api-Version': '2024-01-01', ...headers }
  if (body !== undefined) h['Content-Type'] = 'application/json;charset=UTF-8'
  if (jwt) h.Authorization = `Bearer ${jwt}`
  const res = await fetch(AUTH_URL + path, {
    method,
    headers: h,
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: 'manual',
  })
  const text = await res.text()
  let json = null
  try {
    json = text ? JSON.parse(text) : null
  } catch {
    /* not JSON */
  }
  wire.push({ via: 'raw', method, path: new URL(AUTH_URL + path).pathname + new URL(AUTH_URL + path).search, status: res.status })
  return { status: res.status, headers: res.headers, json, text }
}

/** The error code exactly as auth-js's fetch.ts handleError would read it. */
function clientErrorCode(res) {
  const v = res.headers.get('x-supabase-api-version')
  const versioned = v && /^2[0-9]{3}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$/.test(v) && Date.parse(`${v}T00:00:00Z`) >= Date.parse('2024-01-01T00:00:00Z')
  if (versioned && res.json && typeof res.json.code === 'string') return res.json.code
  if (res.json && typeof res.json.error_code === 'string') return res.json.error_code
  return undefined
}
function clientErrorMessage(json) {
  if (json && typeof json === 'object') {
    for (const k of ['msg', 'message', 'error_description', 'error']) if (typeof json[k] === 'string') return json[k]
  }
  return JSON.stringify(json)
}

function b64urlDecode(s) {
  return Buffer.from(s.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
}
function decodeJwt(token) {
  const parts = token.split('.')
  assert.equal(parts.length, 3, 'JWT must have 3 parts')
  for (const p of parts) assert.match(p, B64URL_RE, 'JWT parts must be unpadded base64url')
  return {
    header: JSON.parse(b64urlDecode(parts[0]).toString('utf8')),
    payload: JSON.parse(b64urlDecode(parts[1]).toString('utf8')),
    signature: b64urlDecode(parts[2]),
    signingInput: `${parts[0]}.${parts[1]}`,
  }
}

// RFC 4648 base32 (no padding needed) and RFC 6238 TOTP: SHA-1, 6 digits, 30 s.
function base32Decode(input) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
  const s = input.toUpperCase().replace(/=+$/, '').replace(/\s+/g, '')
  let bits = 0
  let value = 0
  const out = []
  for (const c of s) {
    const i = alphabet.indexOf(c)
    if (i < 0) throw new Error(`invalid base32 character ${JSON.stringify(c)}`)
    value = ((value << 5) | i) & 0xffff
    bits += 5
    if (bits >= 8) {
      bits -= 8
      out.push((value >>> bits) & 0xff)
    }
  }
  return Buffer.from(out)
}
function totp(secret, atMs = Date.now(), step = 30, digits = 6) {
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(Math.floor(atMs / 1000 / step)))
  const h = createHmac('sha1', base32Decode(secret)).update(counter).digest()
  const o = h[h.length - 1] & 0x0f
  const bin = ((h[o] & 0x7f) << 24) | (h[o + 1] << 16) | (h[o + 2] << 8) | h[o + 3]
  return String(bin % 10 ** digits).padStart(digits, '0')
}
/** Waits so that a code computed now stays valid for a few seconds. */
async function awayFromStepBoundary() {
  const into = (Date.now() / 1000) % 30
  if (into > 26) await sleep((30 - into + 0.5) * 1000)
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))
const brief = (text) => (text.length > 300 ? `${text.slice(0, 300)}…` : text)

function assertSession(session, what) {
  assert.ok(session, `${what}: expected a session`)
  assert.equal(typeof session.access_token, 'string', `${what}: access_token`)
  assert.equal(typeof session.refresh_token, 'string', `${what}: refresh_token`)
  assert.ok(session.refresh_token.length > 0, `${what}: refresh_token non-empty`)
  assert.equal(session.token_type, 'bearer', `${what}: token_type must be "bearer"`)
  assert.equal(typeof session.expires_in, 'number', `${what}: expires_in is a number`)
  // auth-js refreshes whenever fewer than 90 s remain (EXPIRY_MARGIN_MS):
  // a shorter lifetime makes every call trigger a refresh.
  assert.ok(session.expires_in > 90, `${what}: expires_in must exceed 90 s (got ${session.expires_in})`)
  assert.equal(typeof session.expires_at, 'number', `${what}: expires_at`)
  const now = Math.round(Date.now() / 1000)
  assert.ok(Math.abs(session.expires_at - (now + session.expires_in)) < 30, `${what}: expires_at ≈ now + expires_in`)
  assert.ok(session.user && UUID_RE.test(session.user.id), `${what}: session.user.id is a UUID`)
}

function assertUserShape(user, what) {
  assert.ok(user, `${what}: user`)
  assert.match(user.id, UUID_RE, `${what}: id is a UUID`)
  assert.equal(user.aud, 'authenticated', `${what}: aud`)
  assert.equal(user.role, 'authenticated', `${what}: role (the Postgres-style role, not bazaar's)`)
  assert.equal(user.email, EMAIL, `${what}: email`)
  assert.equal(typeof user.phone, 'string', `${what}: phone is a string ("" when none)`)
  assert.ok(user.app_metadata && typeof user.app_metadata === 'object', `${what}: app_metadata`)
  assert.equal(user.app_metadata.provider, 'email', `${what}: app_metadata.provider`)
  assert.ok(Array.isArray(user.app_metadata.providers) && user.app_metadata.providers.includes('email'), `${what}: app_metadata.providers`)
  assert.ok(user.user_metadata && typeof user.user_metadata === 'object', `${what}: user_metadata`)
  assert.ok(Array.isArray(user.identities), `${what}: identities is an array`)
  for (const k of ['created_at', 'updated_at']) assert.ok(!Number.isNaN(Date.parse(user[k])), `${what}: ${k} is an RFC 3339 time`)
  assert.equal(typeof user.is_anonymous, 'boolean', `${what}: is_anonymous`)
}

const state = {}
function need(key, from) {
  if (state[key] === undefined) throw new Error(`prerequisite missing: ${key} (set by test ${from}, which failed)`)
  return state[key]
}

let jwksCache = null
async function getJwks() {
  if (jwksCache) return jwksCache
  const res = await raw('GET', '/.well-known/jwks.json')
  assert.equal(res.status, 200, 'JWKS status')
  assert.ok(res.json && Array.isArray(res.json.keys) && res.json.keys.length > 0, 'JWKS has keys')
  jwksCache = res.json
  return jwksCache
}

// The client used by the main scenario.
const client = makeClient()

// ---------------------------------------------------------------------------
// 0. reachability

test('0. server reachable (GET /auth/v1/.well-known/jwks.json)', async (t) => {
  let res
  try {
    res = await raw('GET', '/.well-known/jwks.json')
  } catch (e) {
    throw new Error(`cannot reach ${AUTH_URL}: is the server running (BASE_URL=${BASE_URL})? ${e.cause?.code ?? e.message}`)
  }
  assert.equal(res.status, 200, `GET /auth/v1/.well-known/jwks.json -> ${res.status} ${brief(res.text)}`)
  note(t, `JWKS: ${res.text}`)
})

// ---------------------------------------------------------------------------
// 1. sign-up

test('1. signUp returns the user and, with confirmation off, a session', async (t) => {
  const { data, error } = await client.signUp({
    email: EMAIL,
    password,
    options: { data: { full_name: FULL_NAME }, emailRedirectTo: `${BASE_URL}/` },
  })
  assert.equal(error, null, `signUp error: ${error?.message}`)
  assertUserShape(data.user, 'signUp user')
  assert.equal(data.user.user_metadata.full_name, FULL_NAME)
  assert.ok(data.user.email_confirmed_at, 'email_confirmed_at is set when confirmation is off')
  assert.ok(data.session, 'signUp returned no session: run the server with --auth-autoconfirm (email confirmation off)')
  assertSession(data.session, 'signUp session')
  assert.equal(data.session.user.id, data.user.id)
  state.userId = data.user.id
})

test('1b. signUp again with the same email: 422 user_already_exists', async (t) => {
  need('userId', 1)
  const c = makeClient()
  const { data, error } = await c.signUp({ email: EMAIL, password, options: { data: { full_name: FULL_NAME } } })
  assert.ok(error, 'expected an error')
  assert.equal(error.status, 422)
  assert.equal(error.code, 'user_already_exists')
  assert.equal(error.message, 'User already registered')
  assert.equal(data.user, null)
})

// ---------------------------------------------------------------------------
// 2. sign-up validation

test('2. signUp with a blank full_name: "Please enter your full name"', async (t) => {
  const c = makeClient()
  for (const [label, data] of [
    ['blank', { full_name: '   ' }],
    ['missing', {}],
  ]) {
    const { data: d, error } = await c.signUp({
      email: `conf-${RUN}-${label}@example.com`,
      password,
      options: { data },
    })
    assert.ok(error, `${label} full_name: expected an error`)
    assert.equal(error.message, 'Please enter your full name', `${label} full_name: message`)
    assert.ok([400, 422].includes(error.status), `${label} full_name: status 400 or 422 (got ${error.status})`)
    assert.equal(d.session, null)
    note(t, `blank/missing full_name (${label}) -> ${error.status} code=${error.code} (GoTrue validation errors: 400 validation_failed)`)
  }
})

test('2b. signUp with an invalid email (400 validation_failed) or weak password (422 weak_password)', async (t) => {
  const c = makeClient()
  const bad = await c.signUp({ email: 'not-an-email', password, options: { data: { full_name: FULL_NAME } } })
  assert.ok(bad.error, 'invalid email: expected an error')
  assert.equal(bad.error.status, 400)
  assert.equal(bad.error.code, 'validation_failed')
  assert.equal(bad.error.message, 'Unable to validate email address: invalid format')

  const weak = await c.signUp({ email: `conf-${RUN}-weak@example.com`, password: '12345', options: { data: { full_name: FULL_NAME } } })
  assert.ok(weak.error, 'weak password: expected an error')
  assert.equal(weak.error.status, 422)
  assert.equal(weak.error.code, 'weak_password')
  assert.equal(weak.error.name, 'AuthWeakPasswordError')
  assert.deepEqual(weak.error.reasons, ['length'])
  assert.equal(weak.error.message, 'Password should be at least 6 characters.')
})

// ---------------------------------------------------------------------------
// 3. wrong credentials

test('3. signInWithPassword with a wrong password: 400 "Invalid login credentials"', async (t) => {
  need('userId', 1)
  const c = makeClient()
  const { data, error } = await c.signInWithPassword({ email: EMAIL, password: 'wrong-password' })
  assert.ok(error, 'expected an error')
  assert.equal(error.name, 'AuthApiError')
  assert.equal(error.message, 'Invalid login credentials')
  assert.equal(error.status, 400)
  assert.equal(error.code, 'invalid_credentials')
  assert.equal(data.session, null)

  // An unknown email answers exactly the same (no account enumeration).
  const unknown = await c.signInWithPassword({ email: `conf-${RUN}-nobody@example.com`, password })
  assert.equal(unknown.error?.status, 400)
  assert.equal(unknown.error?.code, 'invalid_credentials')
  assert.equal(unknown.error?.message, 'Invalid login credentials')

  // The raw wire shape (GoTrue, API version 2024-01-01).
  const res = await raw('POST', '/token?grant_type=password', {
    body: { email: EMAIL, password: 'wrong-password', gotrue_meta_security: {} },
  })
  assert.equal(res.status, 400)
  assert.equal(res.headers.get('x-supabase-api-version'), '2024-01-01', 'error responses echo X-Supabase-Api-Version: 2024-01-01')
  assert.equal(res.json?.code, 'invalid_credentials', 'body.code')
  assert.equal(res.json?.message, 'Invalid login credentials', 'body.message')
  note(t, `wrong password raw body: ${res.text}`)
})

// ---------------------------------------------------------------------------
// 4. sign in

test('4. signInWithPassword with the right password returns a session', async (t) => {
  need('userId', 1)
  const { data, error } = await client.signInWithPassword({ email: EMAIL, password })
  assert.equal(error, null, `signIn error: ${error?.message}`)
  assertSession(data.session, 'signIn session')
  assertUserShape(data.user, 'signIn user')
  assert.equal(data.user.id, state.userId)
  assert.ok(data.user.last_sign_in_at, 'last_sign_in_at set')
  state.session = data.session
})

// ---------------------------------------------------------------------------
// 5. user, claims, JWKS

test('5. getUser, JWT claims, JWKS and getClaims', async (t) => {
  const session = need('session', 4)
  const { data, error } = await client.getUser()
  assert.equal(error, null, `getUser error: ${error?.message}`)
  assertUserShape(data.user, 'getUser')
  assert.equal(data.user.id, state.userId)
  assert.equal(data.user.user_metadata.full_name, FULL_NAME)

  // The access token itself.
  const { header, payload, signature, signingInput } = decodeJwt(session.access_token)
  assert.equal(header.alg, 'ES256', 'JWT alg')
  assert.equal(typeof header.kid, 'string', 'JWT header has kid')
  assert.equal(payload.sub, state.userId, 'sub')
  assert.equal(payload.aud, 'authenticated', 'aud')
  assert.equal(payload.role, 'authenticated', 'role')
  assert.equal(payload.email, EMAIL, 'email')
  assert.equal(payload.aal, 'aal1', 'aal after a password sign-in')
  assert.ok(Array.isArray(payload.amr) && payload.amr.some((e) => e.method === 'password' && Number.isInteger(e.timestamp)), 'amr contains {method:"password", timestamp}')
  assert.match(payload.session_id, UUID_RE, 'session_id')
  assert.ok(Number.isInteger(payload.iat) && Number.isInteger(payload.exp) && payload.exp > payload.iat, 'iat/exp')
  assert.ok(Math.abs(payload.exp - session.expires_at) <= 5, 'exp matches session.expires_at')
  assert.equal(payload.app_metadata?.provider, 'email', 'app_metadata claim')
  assert.equal(payload.user_metadata?.full_name, FULL_NAME, 'user_metadata claim')
  note(t, `JWT header ${JSON.stringify(header)}; claim keys ${Object.keys(payload).sort().join(',')}`)
  state.sessionId = payload.session_id

  // JWKS: the key must import the way auth-js imports it (extractable, ['verify']).
  const jwks = await getJwks()
  for (const k of jwks.keys) {
    assert.equal(k.d, undefined, 'JWKS must not publish private key material')
  }
  const jwk = jwks.keys.find((k) => k.kid === header.kid)
  assert.ok(jwk, `JWKS has a key with kid ${header.kid}`)
  assert.equal(jwk.kty, 'EC')
  assert.equal(jwk.crv, 'P-256')
  if (jwk.alg !== undefined) assert.equal(jwk.alg, 'ES256')
  const key = await webcrypto.subtle.importKey('jwk', jwk, { name: 'ECDSA', namedCurve: 'P-256' }, true, ['verify'])
  const ok = await webcrypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key, signature, new TextEncoder().encode(signingInput))
  assert.ok(ok, 'access token signature verifies against the JWKS key (raw r||s, 64 bytes)')

  // getClaims() verifies locally with the JWKS; it silently falls back to
  // GET /user when it cannot (no kid, unknown kid, HS*), so check it did not.
  if (typeof client.getClaims === 'function') {
    const before = wire.length
    const claims = await client.getClaims()
    assert.equal(claims.error, null, `getClaims error: ${claims.error?.message}`)
    assert.equal(claims.data.claims.sub, state.userId)
    assert.equal(claims.data.header.alg, 'ES256')
    assert.equal(claims.data.header.kid, header.kid)
    const calls = wire.slice(before).map((w) => `${w.method} ${w.path}`)
    assert.ok(!calls.some((c) => c.startsWith('GET /auth/v1/user')), `getClaims fell back to GET /user: ${calls.join(', ')}`)
    note(t, `getClaims made: ${calls.join(', ') || '(no request: JWKS already cached)'}`)
  } else {
    note(t, 'getClaims() not available in this auth-js version')
  }
})

test('5b. updateUser: user metadata and password (PUT /user)', async (t) => {
  need('session', 4)
  const renamed = `${FULL_NAME} II`
  const upd = await client.updateUser({ data: { full_name: renamed } })
  assert.equal(upd.error, null, `updateUser(data) error: ${upd.error?.message}`)
  assert.equal(upd.data.user.user_metadata.full_name, renamed)
  const again = await client.getUser()
  assert.equal(again.data.user?.user_metadata.full_name, renamed, 'GET /user sees the new metadata')

  const same = await client.updateUser({ password })
  assert.ok(same.error, 'setting the same password is refused')
  assert.equal(same.error.status, 422)
  assert.equal(same.error.code, 'same_password')

  const weak = await client.updateUser({ password: '123' })
  assert.ok(weak.error, 'a weak new password is refused')
  assert.equal(weak.error.status, 422)
  assert.equal(weak.error.code, 'weak_password')

  const pw = await client.updateUser({ password: NEW_PASSWORD })
  assert.equal(pw.error, null, `updateUser(password) error: ${pw.error?.message}`)
  password = NEW_PASSWORD
  const c = makeClient()
  const si = await c.signInWithPassword({ email: EMAIL, password })
  assert.equal(si.error, null, 'sign-in with the new password works')
  assert.equal(si.data.user.user_metadata.full_name, renamed)
  await c.signOut({ scope: 'local' })
})

test('5c. resetPasswordForEmail (POST /recover) answers {} for known and unknown emails', async (t) => {
  const c = makeClient()
  const known = await c.resetPasswordForEmail(EMAIL, { redirectTo: `${BASE_URL}/` })
  assert.equal(known.error, null, `recover error: ${known.error?.message}`)
  assert.deepEqual(known.data, {})
  const unknown = await c.resetPasswordForEmail(`conf-${RUN}-nobody@example.com`)
  assert.equal(unknown.error, null, 'unknown email is not revealed')
  assert.deepEqual(unknown.data, {})
})

test('5d. GET /verify with a bad token redirects with an error fragment', async (t) => {
  for (const type of ['signup', 'recovery']) {
    const res = await raw('GET', `/verify?token=not-a-real-token&type=${type}&redirect_to=${encodeURIComponent(`${BASE_URL}/`)}`)
    assert.ok([302, 303].includes(res.status), `${type}: redirect status (GoTrue: 303), got ${res.status}`)
    const location = res.headers.get('location')
    assert.ok(location, `${type}: Location header`)
    const frag = new URLSearchParams(new URL(location, BASE_URL).hash.slice(1))
    assert.equal(frag.get('error_code'), 'otp_expired', `${type}: error_code in fragment (${location})`)
    assert.equal(frag.get('error'), 'access_denied', `${type}: error in fragment`)
    assert.ok(frag.get('error_description'), `${type}: error_description in fragment`)
    note(t, `GET /verify bad ${type} token -> ${res.status} ${location}`)
  }
})

// ---------------------------------------------------------------------------
// 6. refresh and rotation

test('6. refreshSession rotates; reuse of an old refresh token revokes the family', async (t) => {
  need('session', 4)
  const { data: cur } = await client.getSession()
  const tokenA = cur.session.refresh_token
  const accessA = cur.session.access_token

  const r1 = await client.refreshSession()
  assert.equal(r1.error, null, `refreshSession error: ${r1.error?.message}`)
  assertSession(r1.data.session, 'refreshed session')
  const tokenB = r1.data.session.refresh_token
  assert.notEqual(tokenB, tokenA, 'new refresh token')
  assert.notEqual(r1.data.session.access_token, accessA, 'new access token')
  assert.equal(decodeJwt(r1.data.session.access_token).payload.session_id, decodeJwt(accessA).payload.session_id, 'same session_id after refresh')
  assert.equal(decodeJwt(r1.data.session.access_token).payload.aal, 'aal1')

  // bazaar is stricter than GoTrue here (docs/decisions.md): a used refresh token
  // presented again is reuse at once, even the immediate parent — the whole session
  // (token family) ends, including its newest token.
  if (REUSE_INTERVAL > 0) await sleep((REUSE_INTERVAL + 1) * 1000)
  const reuse = await raw('POST', '/token?grant_type=refresh_token', { body: { refresh_token: tokenA } })
  assert.equal(reuse.status, 400, `reuse of a used refresh token must be refused: ${brief(reuse.text)}`)
  assert.equal(clientErrorCode(reuse), 'refresh_token_already_used')
  assert.equal(clientErrorMessage(reuse.json), 'Invalid Refresh Token: Already Used')

  // ... and the newest token of that family is dead too.
  const after1 = await raw('POST', '/token?grant_type=refresh_token', { body: { refresh_token: tokenB } })
  assert.equal(after1.status, 400, `newest token after family revocation: ${brief(after1.text)}`)
  const code = clientErrorCode(after1)
  assert.ok(['refresh_token_already_used', 'refresh_token_not_found', 'session_not_found', 'session_expired'].includes(code), `code ${code}`)
  note(t, `refresh with the newest token after reuse detection -> 400 ${code} "${clientErrorMessage(after1.json)}"`)

  const viaClient = await client.refreshSession({ refresh_token: tokenB })
  assert.ok(viaClient.error, 'refreshSession with a revoked family fails')
  assert.equal(viaClient.error.status, 400)
  assert.equal(viaClient.data.session, null)

  const missing = await raw('POST', '/token?grant_type=refresh_token', { body: { refresh_token: `nope-${RUN}` } })
  assert.equal(missing.status, 400)
  assert.equal(clientErrorCode(missing), 'refresh_token_not_found')
  assert.equal(clientErrorMessage(missing.json), 'Invalid Refresh Token: Refresh Token Not Found')
})

// ---------------------------------------------------------------------------
// 7. MFA (TOTP)

test('7. MFA: enroll, challenge, verify (aal2), wrong code', async (t) => {
  need('userId', 1)
  const si = await client.signInWithPassword({ email: EMAIL, password })
  assert.equal(si.error, null, `sign-in error: ${si.error?.message}`)

  const enroll = await client.mfa.enroll({ factorType: 'totp', friendlyName: 'phone', issuer: 'bazaar' })
  assert.equal(enroll.error, null, `enroll error: ${enroll.error?.message}`)
  const f = enroll.data
  assert.match(f.id, UUID_RE, 'factor id')
  assert.equal(f.type, 'totp', 'enroll response type (auth-js only adds the data: prefix when type === "totp")')
  assert.equal(f.friendly_name, 'phone')
  assert.ok(f.totp.qr_code.startsWith('data:image/svg+xml;utf-8,'), 'qr_code gets the data-URI prefix from auth-js')
  assert.ok(!f.totp.qr_code.slice('data:image/svg+xml;utf-8,'.length).startsWith('data:'), 'server must send bare SVG markup (no data: prefix)')
  assert.ok(f.totp.qr_code.includes('<svg'), 'qr_code is SVG markup')
  // auth-js puts the markup into a data: URI WITHOUT percent-encoding it, so a
  // '#' would end the image (fragment) and '%xx' would be decoded: use named
  // colours (fill:black), as GoTrue's SVG generator does.
  const svg = f.totp.qr_code.slice('data:image/svg+xml;utf-8,'.length)
  assert.ok(!svg.includes('#'), "qr_code SVG must not contain '#' (use named colours)")
  assert.ok(!/%[0-9A-Fa-f]{2}/.test(svg), "qr_code SVG must not contain '%xx' sequences")
  assert.match(f.totp.secret, /^[A-Z2-7]+=*$/, 'secret is base32')
  assert.ok(f.totp.uri.startsWith('otpauth://totp/'), 'uri is an otpauth URI')
  assert.equal(new URL(f.totp.uri).searchParams.get('secret'), f.totp.secret, 'uri carries the same secret')
  state.factorId = f.id

  const listed = await client.mfa.listFactors()
  assert.equal(listed.error, null)
  assert.ok(listed.data.all.some((x) => x.id === f.id && x.status === 'unverified' && x.factor_type === 'totp'), 'GET /user lists the unverified factor')
  assert.equal(listed.data.totp.length, 0, 'unverified factors are not in .totp')

  // A wrong code on one challenge ...
  const ch1 = await client.mfa.challenge({ factorId: f.id })
  assert.equal(ch1.error, null, `challenge error: ${ch1.error?.message}`)
  assert.match(ch1.data.id, UUID_RE, 'challenge id')
  assert.equal(ch1.data.type, 'totp')
  assert.ok(ch1.data.expires_at > Date.now() / 1000, 'challenge expires_at in the future')
  await awayFromStepBoundary()
  const now = Date.now()
  const valid = new Set([-30000, 0, 30000].map((d) => totp(f.totp.secret, now + d)))
  let wrong = totp(f.totp.secret, now)
  while (valid.has(wrong)) wrong = String((Number(wrong) + 1) % 1e6).padStart(6, '0')
  const bad = await client.mfa.verify({ factorId: f.id, challengeId: ch1.data.id, code: wrong })
  assert.ok(bad.error, 'wrong code must fail')
  assert.equal(bad.error.status, 422)
  assert.equal(bad.error.code, 'mfa_verification_failed')
  assert.equal(bad.error.message, 'Invalid TOTP code entered')

  // ... the right code on a fresh one.
  const ch2 = await client.mfa.challenge({ factorId: f.id })
  assert.equal(ch2.error, null)
  await awayFromStepBoundary()
  const code = totp(f.totp.secret)
  const ok = await client.mfa.verify({ factorId: f.id, challengeId: ch2.data.id, code })
  assert.equal(ok.error, null, `verify error: ${ok.error?.message}`)
  assert.equal(typeof ok.data.access_token, 'string')
  assert.equal(typeof ok.data.refresh_token, 'string')
  assert.equal(ok.data.token_type, 'bearer')
  assert.ok(ok.data.user && ok.data.user.id === state.userId, 'verify response carries the user')
  assert.ok((ok.data.user.factors ?? []).some((x) => x.id === f.id && x.status === 'verified'), 'verify response user lists the factor as verified')
  const claims = decodeJwt(ok.data.access_token).payload
  assert.equal(claims.aal, 'aal2')
  assert.ok(claims.amr.some((e) => e.method === 'totp'), 'amr has totp')
  assert.ok(claims.amr.some((e) => e.method === 'password'), 'amr keeps password')
  assert.equal(claims.session_id, decodeJwt(si.data.session.access_token).payload.session_id, 'same session, upgraded')

  // A verified challenge cannot be used twice.
  const replay = await client.mfa.verify({ factorId: f.id, challengeId: ch2.data.id, code })
  assert.ok(replay.error, 'a verified challenge cannot be reused')
  note(t, `reusing a verified challenge -> ${replay.error.status} ${replay.error.code} (GoTrue: 422 mfa_ip_address_mismatch)`)

  const aal = await client.mfa.getAuthenticatorAssuranceLevel()
  assert.equal(aal.error, null)
  assert.equal(aal.data.currentLevel, 'aal2')
  assert.equal(aal.data.nextLevel, 'aal2')
  assert.ok(aal.data.currentAuthenticationMethods.some((e) => e.method === 'totp'))

  const finalList = await client.mfa.listFactors()
  assert.ok(finalList.data.totp.some((x) => x.id === f.id), 'verified factor listed under .totp')

  const refreshed = await client.refreshSession()
  assert.equal(refreshed.error, null)
  assert.equal(decodeJwt(refreshed.data.session.access_token).payload.aal, 'aal2', 'aal2 survives a refresh')
})

test('7b. MFA: unenroll (DELETE /factors/{id}) needs and has aal2', async (t) => {
  const factorId = need('factorId', 7)
  // A second, aal1-only session cannot remove a verified factor.
  const other = makeClient()
  const si = await other.signInWithPassword({ email: EMAIL, password })
  assert.equal(si.error, null)
  const aal = await other.mfa.getAuthenticatorAssuranceLevel()
  assert.equal(aal.data.currentLevel, 'aal1')
  assert.equal(aal.data.nextLevel, 'aal2', 'a user with a verified factor can step up')
  const denied = await other.mfa.unenroll({ factorId })
  assert.ok(denied.error, 'aal1 session must not unenroll a verified factor')
  assert.equal(denied.error.code, 'insufficient_aal')
  note(t, `unenroll from aal1 -> ${denied.error.status} insufficient_aal (GoTrue: 422)`)
  await other.signOut({ scope: 'local' })

  const un = await client.mfa.unenroll({ factorId })
  assert.equal(un.error, null, `unenroll error: ${un.error?.message}`)
  assert.equal(un.data.id, factorId)
  const listed = await client.mfa.listFactors()
  assert.equal(listed.data.all.length, 0, 'no factors left')
})

// ---------------------------------------------------------------------------
// 8. sign-out

test('8. signOut (global): refresh token dead; old access token on GET /user', async (t) => {
  need('userId', 1)
  const { data: cur } = await client.getSession()
  assert.ok(cur.session, 'signed in before signOut')
  const { access_token, refresh_token } = cur.session

  const { error } = await client.signOut()
  assert.equal(error, null, `signOut error: ${error?.message}`)
  const { data: gone } = await client.getSession()
  assert.equal(gone.session, null, 'client forgot the session')

  const user = await raw('GET', '/user', { jwt: access_token })
  if (user.status === 200) {
    note(t, 'GET /user with the signed-out access token -> 200 (token still valid until exp)')
  } else {
    assert.ok([401, 403].includes(user.status), `GET /user after signOut: ${user.status} ${brief(user.text)}`)
    assert.equal(clientErrorCode(user), 'session_not_found')
    note(t, `GET /user with the signed-out access token -> ${user.status} ${clientErrorCode(user)} (GoTrue: 403 session_not_found)`)
  }

  const refresh = await raw('POST', '/token?grant_type=refresh_token', { body: { refresh_token } })
  assert.equal(refresh.status, 400, `refresh after signOut must fail: ${brief(refresh.text)}`)
  note(t, `refresh after signOut -> 400 ${clientErrorCode(refresh)} "${clientErrorMessage(refresh.json)}" (GoTrue: refresh_token_not_found)`)

  // signOut again with the dead token still succeeds locally (auth-js ignores 401/403/404).
  const lo = await raw('POST', '/logout?scope=global', { jwt: access_token })
  note(t, `POST /logout with a signed-out token -> ${lo.status} ${clientErrorCode(lo) ?? ''}`)
  assert.ok([204, 401, 403, 404].includes(lo.status))
})

test('8b. signOut scopes: others and local', async (t) => {
  need('userId', 1)
  const a = makeClient()
  const b = makeClient()
  assert.equal((await a.signInWithPassword({ email: EMAIL, password })).error, null)
  assert.equal((await b.signInWithPassword({ email: EMAIL, password })).error, null)

  const o = await a.signOut({ scope: 'others' })
  assert.equal(o.error, null)
  assert.ok((await a.getSession()).data.session, "scope 'others' keeps the caller signed in")
  const bRefresh = await b.refreshSession()
  assert.ok(bRefresh.error, "the other session's refresh token is dead")
  const aRefresh = await a.refreshSession()
  assert.equal(aRefresh.error, null, "the caller's session still refreshes")

  const { data: cur } = await a.getSession()
  const l = await a.signOut({ scope: 'local' })
  assert.equal(l.error, null)
  assert.equal((await a.getSession()).data.session, null)
  const dead = await raw('POST', '/token?grant_type=refresh_token', { body: { refresh_token: cur.session.refresh_token } })
  assert.equal(dead.status, 400, "scope 'local' ended the caller's session")

  const bad = await raw('POST', '/logout?scope=everywhere', { jwt: cur.session.access_token })
  note(t, `POST /logout?scope=everywhere -> ${bad.status} ${clientErrorCode(bad) ?? ''}`)
})

test('9. no Authorization header: 401 no_authorization', async (t) => {
  const res = await raw('GET', '/user')
  assert.equal(res.status, 401)
  assert.equal(clientErrorCode(res), 'no_authorization')
  const bad = await raw('GET', '/user', { jwt: 'not.a.jwt' })
  assert.ok([401, 403].includes(bad.status), `malformed JWT -> ${bad.status}`)
  note(t, `malformed JWT on GET /user -> ${bad.status} ${clientErrorCode(bad)} (GoTrue: 403 bad_jwt)`)
})

// ---------------------------------------------------------------------------

after((ctx) => {
  const endpoints = new Map()
  for (const w of wire) {
    const key = `${w.method} ${w.path.replace(/\?.*$/, (q) => (q.startsWith('?grant_type') || q.startsWith('?scope') ? q : '?…')).replace(/[0-9a-f]{8}-[0-9a-f-]{27}/gi, '{id}')}`
    const e = endpoints.get(key) ?? new Map()
    e.set(w.status, (e.get(w.status) ?? 0) + 1)
    endpoints.set(key, e)
  }
  const lines = ['', '==== auth conformance summary ====', `server: ${AUTH_URL}`, `user:   ${EMAIL}`, 'requests (endpoint: status×count):']
  for (const [k, v] of [...endpoints].sort()) lines.push(`  ${k}: ${[...v].map(([s, n]) => `${s}×${n}`).join(' ')}`)
  lines.push('observations:')
  for (const n of notes) lines.push(`  - ${n}`)
  lines.push('==================================')
  for (const line of lines) ctx.diagnostic(line)
})
