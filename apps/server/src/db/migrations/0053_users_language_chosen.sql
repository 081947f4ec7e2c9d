-- Whether the user chose the language of its profile (issue 25; decision 0092, amended 2026-11-27).
--
-- users.language (0019) is `not null default 'es'`: a user who never chose one holds Spanish all the same, and the web
-- switched every sign-in to it, over the site's default language (context 1: Portuguese) and the language picked on
-- the screen before signing in. The web now switches at sign-in only when this is true: set when the user saves its
-- profile, and when an admin creates a user with a language other than the default 'es' or changes a user's language.
-- Users already there keep false: nothing recorded says any of them chose.
alter table users add column language_chosen boolean not null default false;
