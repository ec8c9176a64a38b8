module ringloc.invalid/oracle/ref_go

go 1.19
