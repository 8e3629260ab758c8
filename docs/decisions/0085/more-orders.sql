-- ADR 0085's recipe: makes a copy of the bench's database (pay-sql.ts's `<name>_sql`, kept by not dropping it) hold
-- enough unpaid orders for runs of thousands of payments a second: each unpaid order copied eight more times with
-- its lines, the customers' balances ×10, the queue rebuilt (interleaved by customer), both sequences restarted.
-- Then: create database pay_tpl template <copy>, and for each run a fresh database from pay_tpl.
do $$
declare
  cols_of constant text := 'select array_agg(column_name::text order by ordinal_position) from information_schema.columns '
                           'where table_schema = ''public'' and table_name = $1 and column_name <> ''id''';
  order_cols text[];
  line_cols text[];
begin
  execute cols_of into order_cols using 'orders';
  execute cols_of into line_cols using 'order_line';
  create temporary table src as select id, user_id from orders where state = 'unpaid';
  for g in 1..8 loop
    execute format('insert into orders (%s) select %s from orders where id in (select id from src)',
                   (select string_agg(quote_ident(c), ', ') from unnest(order_cols) as c),
                   (select string_agg(case when c = 'no' then format('no || %L', '-c' || g) else quote_ident(c) end, ', ')
                    from unnest(order_cols) as c));
    execute format('insert into order_line (%s) select %s from order_line l join orders o on o.id = l.order_id '
                   'join orders c on c.no = o.no || %L where o.id in (select id from src)',
                   (select string_agg(quote_ident(c), ', ') from unnest(line_cols) as c),
                   (select string_agg(case when c = 'order_id' then 'c.id' else 'l.' || quote_ident(c) end, ', ')
                    from unnest(line_cols) as c),
                   '-c' || g);
  end loop;
end $$;
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
