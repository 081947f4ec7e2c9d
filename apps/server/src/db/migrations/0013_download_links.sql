-- Download links are single use (docs/decisions/0016): printreport and CheckReport write the document log row
-- when a document is asked for (the daily limit counts those rows), and the link's first download spends it.
alter table document_logs add column downloaded_at timestamptz;
