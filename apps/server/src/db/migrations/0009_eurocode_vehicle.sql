-- EUROCODE searches of 4 characters and more look up the vehicle number (the code's first 4 characters) by
-- equality, then the rest of the prefix in the same index, which also holds the family and what the search
-- sorts by, so the matches come from the index alone (docs/decisions/0009).
create index articles_eurocode_vehicle on articles (left(eurocode, 4), eurocode text_pattern_ops)
  include (id, ref_jumasa, family_code) where eurocode is not null;
