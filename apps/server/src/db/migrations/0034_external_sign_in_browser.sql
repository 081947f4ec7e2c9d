-- The external sign-in is tied to the browser that started it (issue 22, security item 3; docs/decisions/0056): the
-- start sets an HttpOnly cookie holding a random value, and only its SHA-256 (base64url) is kept, on the request and
-- then on the ticket the callback issues. The callback, the link page and both ticket calls refuse a browser whose
-- cookie does not match. Rows from before this migration have none and match no browser (they live minutes).
alter table oidc_requests add column browser_hash text;
alter table external_tickets add column browser_hash text;
