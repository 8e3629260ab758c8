-- Grams of an item's search_text (ADR 0004): every character, and every pair
-- of adjacent characters inside a word (search_text separates words with one
-- space). search-grams.ts holds the same rule (searchGrams) and builds the
-- keyword's grams from it; tests keep the two equal. The GIN index is on this
-- expression, so the grams are not stored in device_search rows (narrow heap).
-- A high COST keeps the planner from calling it row by row in a scan when the
-- index can answer; a bitmap scan on @> needs no recheck, so it is not called then.
CREATE FUNCTION search_grams(search_text text) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE COST 10000 AS $$
  SELECT coalesce(array_agg(DISTINCT g), '{}')
    FROM unnest(string_to_array(search_text, ' ')) AS w,
         generate_series(1, length(w)) AS i,
         LATERAL (VALUES (substr(w, i, 1)), (substr(w, i, 2))) AS x(g)
$$;
