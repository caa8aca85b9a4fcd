-- A bill's per-service summaries carry the greatest kVA and the sum of kVAR of its usage lines, so the usage table
-- works offline. Bills stored before get them from their lines here; their versions are kept, as in 0001.
UPDATE "bills" AS b SET "services" = (
  SELECT coalesce(jsonb_agg(e.s || jsonb_build_object('kvaMax', u.kva, 'kvarSum', u.kvar) ORDER BY e.ord), '[]'::jsonb)
  FROM jsonb_array_elements(b."services") WITH ORDINALITY AS e(s, ord)
  LEFT JOIN LATERAL (
    SELECT max(l."kva_max") AS kva, sum(l."kvar_sum") AS kvar FROM "bill_usages" l
    WHERE l."bill_id" = b."id" AND l."service_name" = e.s->>'serviceType'
  ) AS u ON true
)
WHERE jsonb_array_length(b."services") > 0;
