-- `user_usage_add` (0015, 0018) with a path for one owner, the case of every write but a duplicate or a purge: the
-- row's update by its key, without the unnest and the sum per owner around it. A content PUT that keeps a version
-- calls it twice, the version saved and the version pruned (issue 27 §4, docs/performance.md). And none, for a
-- statement that changed no bytes (its transition table was empty): the triggers call it after every such statement.
CREATE OR REPLACE FUNCTION user_usage_add(owners integer[], file_delta bigint[], version_delta bigint[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF owners IS NULL THEN
    RETURN;
  END IF;
  IF cardinality(owners) = 1 THEN
    UPDATE user_usage u SET file_bytes = u.file_bytes + file_delta[1], version_bytes = u.version_bytes + version_delta[1]
    WHERE u.user_id = owners[1] AND (file_delta[1] <> 0 OR version_delta[1] <> 0);
    RETURN;
  END IF;
  UPDATE user_usage u SET file_bytes = u.file_bytes + d.files, version_bytes = u.version_bytes + d.versions
  FROM (
    SELECT o.user_id, sum(o.files) AS files, sum(o.versions) AS versions
    FROM unnest(owners, file_delta, version_delta) o(user_id, files, versions) GROUP BY o.user_id
  ) d
  WHERE u.user_id = d.user_id AND (d.files <> 0 OR d.versions <> 0);
END $$;
