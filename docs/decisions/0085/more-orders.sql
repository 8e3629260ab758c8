-- Makes a copy of the bench's database (pay-sql.ts's, kept) hold enough unpaid orders for runs of thousands of
-- payments a second: each unpaid order copied eight more times with its lines, the customers' balances ×10, the
-- queue rebuilt (interleaved by customer), both sequences restarted. Then: create database pay_tpl template <copy>,
-- and for each run a fresh database from pay_tpl (see ../0085-payments-grouped.md).
create table src as select id, user_id from orders where state = 'unpaid';
create table gens as select generate_series(1, 8) as g;
-- (columns as information_schema lists them, without id; `no` gets '-c' || g)
-- insert into orders (...) select ... from orders o cross join gens where o.id in (select id from src);
-- insert into order_line (...) select ... from order_line l join orders o on o.id = l.order_id cross join gens
--   join orders c on c.no = o.no || '-c' || g where o.id in (select id from src);
update ledger_account set balance_fen = balance_fen * 10 where key like 'prestore:%' and balance_fen > 0;
create table bench_q2 as
  select (row_number() over (order by k, user_id))::int as n, id as oid, user_id as uid, no, total_fen as fen
  from (select o.id, o.user_id, o.no, o.total_fen, row_number() over (partition by o.user_id order by o.id) as k
        from orders o where o.state = 'unpaid') q;
alter table bench_q2 add primary key (n);
drop table bench_pay_sql;
alter table bench_q2 rename to bench_pay_sql;
alter sequence bench_pay_sql_next restart 1;
create sequence bench_batch_next;
analyze;
