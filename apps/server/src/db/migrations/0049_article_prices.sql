-- The list price (pv1d) leaves `articles` for a narrow table of its own (issue 23, decision 0078). On `articles`
-- (about 21 rows a page, 15 indexes, four of them trigram GIN) a price update was never HOT: it wrote a new entry in
-- every index, and each statement fired the articles' statement-level triggers (search words, vocabulary), which
-- compare the old and new rows of the statement; the prices feed applied some 2,000 rows a second. Here an update
-- writes one narrow row and, at most, one primary-key entry, and no trigger of `articles` fires.
-- Every article has its price row, as every article had its not-null pv1d: the writers of articles (the articles
-- feed, the seed) write both in one statement, and a deleted article takes its price with it.
-- Fillfactor 50: each page keeps room for a new version of all its rows, so that a whole price list sent at once is
-- updated within the pages (HOT: the primary key is not touched); the dead versions are pruned when a page is read.
create table article_prices (
  article_id integer primary key references articles(id) on delete cascade,
  pv1d numeric(12,2) not null                    -- list price
) with (fillfactor = 50);

insert into article_prices (article_id, pv1d) select id, pv1d from articles;
analyze article_prices;

-- Dropping the column only marks it dropped: no rewrite of the articles, and so no trigger fires.
alter table articles drop column pv1d;
