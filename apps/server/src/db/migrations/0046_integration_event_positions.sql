-- The pull feed's cursor follows the order in which events became visible, not the order of their ids (decision 0072).
-- An event's id is taken when its transaction writes it; a transaction that writes an event and commits after a later
-- one would leave an id below a cursor a client has already read past, and the client would never see it. Each event
-- is given its position by the feed's reader once it is committed, one reader at a time, so that a position is never
-- given below one already answered.
alter table integration_events add column position bigint;
-- The events of before keep their order: their position is their id.
update integration_events set position = id;
create unique index integration_events_position on integration_events (position);
-- The events still waiting for their position (a handful at most, between a commit and the next read).
create index integration_events_unpositioned on integration_events (id) where position is null;
