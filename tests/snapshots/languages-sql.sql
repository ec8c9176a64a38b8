create table metadata (          -- ringloc (cloc's --sql schema)
                timestamp varchar(500),
                Project   varchar(500),
                elapsed_s real);
create table t        (
                Project       varchar(500)   ,
                Language      varchar(500)   ,
                File          varchar(500)   ,
                File_dirname  varchar(500)   ,
                File_basename varchar(500)   ,
                nBlank        integer        ,
                nComment      integer        ,
                nCode         integer        ,
                nScaled       real           );
begin transaction;
insert into metadata values('2026-01-02 03:04:05', 'proj''s', 0.250000);
commit;
