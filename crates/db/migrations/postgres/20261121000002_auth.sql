-- Accounts and sign-in: users, profiles, sessions with rotating refresh tokens, signing keys.
-- PostgreSQL types: UUID, TIMESTAMPTZ, JSONB.

CREATE TABLE users (
    id UUID PRIMARY KEY NOT NULL,
    email TEXT NOT NULL UNIQUE,
    encrypted_password TEXT,
    email_confirmed_at TIMESTAMPTZ,
    confirmation_token_hash TEXT UNIQUE,
    confirmation_sent_at TIMESTAMPTZ,
    recovery_token_hash TEXT UNIQUE,
    recovery_sent_at TIMESTAMPTZ,
    last_sign_in_at TIMESTAMPTZ,
    raw_user_meta_data JSONB NOT NULL DEFAULT '{}',
    raw_app_meta_data JSONB NOT NULL DEFAULT '{}',
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE profiles (
    id UUID PRIMARY KEY NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    role TEXT NOT NULL DEFAULT 'customer' CHECK (role IN ('customer', 'vendor', 'admin')),
    full_name TEXT NOT NULL DEFAULT '',
    avatar_url TEXT,
    theme TEXT NOT NULL DEFAULT 'system' CHECK (theme IN ('light', 'dark', 'system')),
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE auth_sessions (
    id UUID PRIMARY KEY NOT NULL,
    user_id UUID NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    aal TEXT NOT NULL DEFAULT 'aal1' CHECK (aal IN ('aal1', 'aal2')),
    amr JSONB NOT NULL DEFAULT '[]',
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);

CREATE INDEX auth_sessions_user ON auth_sessions (user_id);

CREATE TABLE refresh_tokens (
    id UUID PRIMARY KEY NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    session_id UUID NOT NULL REFERENCES auth_sessions (id) ON DELETE CASCADE,
    user_id UUID NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    revoked BOOLEAN NOT NULL DEFAULT FALSE,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);

CREATE INDEX refresh_tokens_session ON refresh_tokens (session_id);

CREATE TABLE auth_keys (
    kid TEXT PRIMARY KEY NOT NULL,
    private_pem TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    retired_at TIMESTAMPTZ
);

CREATE TABLE mfa_factors (
    id UUID PRIMARY KEY NOT NULL,
    user_id UUID NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    friendly_name TEXT NOT NULL DEFAULT '',
    factor_type TEXT NOT NULL CHECK (factor_type IN ('totp')),
    status TEXT NOT NULL DEFAULT 'unverified' CHECK (status IN ('unverified', 'verified')),
    secret TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);

CREATE INDEX mfa_factors_user ON mfa_factors (user_id);

CREATE TABLE mfa_challenges (
    id UUID PRIMARY KEY NOT NULL,
    factor_id UUID NOT NULL REFERENCES mfa_factors (id) ON DELETE CASCADE,
    created_at TIMESTAMPTZ NOT NULL,
    verified_at TIMESTAMPTZ
);

-- Accounts at outside providers (Google) linked to users.
CREATE TABLE identities (
    id UUID PRIMARY KEY NOT NULL,
    user_id UUID NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    provider TEXT NOT NULL,
    provider_id TEXT NOT NULL,
    identity_data JSONB NOT NULL DEFAULT '{}',
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    UNIQUE (provider, provider_id)
);

CREATE INDEX identities_user ON identities (user_id);

-- A sign-in with an outside provider in progress: the state sent to the provider (hashed),
-- the PKCE verifier and nonce to check its answer, and where to send the user after.
CREATE TABLE oauth_flows (
    id UUID PRIMARY KEY NOT NULL,
    state_hash TEXT NOT NULL UNIQUE,
    provider TEXT NOT NULL,
    code_verifier TEXT NOT NULL,
    nonce TEXT NOT NULL,
    redirect_to TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);
