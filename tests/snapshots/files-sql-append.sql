begin transaction;
insert into metadata values('2026-01-02 03:04:05', 'proj''s', 0.250000);
insert into t  values('proj''s', 'Python', 'proj/README_notes.py', 'proj', 'README_notes.py', 1, 9, 7, 7.000000);
insert into t  values('proj''s', 'Shell', 'proj/scripts/build\xFF.sh', 'proj/scripts', 'build\xFF.sh', 2, 3, 12, 12.000000);
insert into t  values('proj''s', 'C', 'proj/src/ffi/shim.c', 'proj/src/ffi', 'shim.c', 6, 5, 45, 45.000000);
insert into t  values('proj''s', 'Rust', 'proj/src/lib.rs', 'proj/src', 'lib.rs', 10, 40, 80, 80.000000);
insert into t  values('proj''s', 'Rust', 'proj/src/main.rs', 'proj/src', 'main.rs', 20, 30, 120, 120.000000);
commit;
