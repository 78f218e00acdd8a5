-- Every stored gateway policy carries an `id` (gateway.listPolicies returns it, gateway.updatePolicy
-- accepts it). The service writes it into each element of `policies`; policies stored before that
-- get one here, in place, keeping their order.

UPDATE gateway_policies
SET policies = (
  SELECT COALESCE(
    jsonb_agg(
      CASE
        WHEN e.p ? 'id' THEN e.p
        ELSE jsonb_build_object(
          'id', 'pol_' || substr(md5(environment_id || ':' || e.ord::text || ':' || random()::text), 1, 16)
        ) || e.p
      END
      ORDER BY e.ord
    ),
    '[]'::jsonb
  )
  FROM jsonb_array_elements(policies) WITH ORDINALITY AS e(p, ord)
)
WHERE EXISTS (SELECT 1 FROM jsonb_array_elements(policies) AS x(p) WHERE NOT x.p ? 'id');
