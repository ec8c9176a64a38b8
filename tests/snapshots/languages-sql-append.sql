begin transaction;
insert into metadata values('2026-01-02 03:04:05', 'proj''s', 0.250000);
commit;
