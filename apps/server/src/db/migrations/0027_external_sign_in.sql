-- External sign-in with OpenID Connect (issue 14; decision 0036). After the provider's answer is checked, the browser
-- gets a one-time ticket (only its hash is kept): `signin` for an identity linked to a portal user, exchanged by
-- ObtainLocalAccessToken for the portal's own tokens; `link` for an identity not linked yet, spent by registerexternal
-- once the person proves a portal account with its password. Tickets live minutes and are used once.
create table external_tickets (
  hash text primary key,
  kind text not null check (kind in ('signin', 'link')),
  issuer text not null,
  subject text not null,
  user_id uuid references users(id) on delete cascade,
  display text,                                  -- what the provider calls the person (name or e-mail), for the link page
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  check ((kind = 'signin') = (user_id is not null))
);
create index external_tickets_expiry on external_tickets (expires_at);
