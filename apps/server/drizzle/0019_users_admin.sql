-- Reserved; filled by the change that introduces it.
select 1;
