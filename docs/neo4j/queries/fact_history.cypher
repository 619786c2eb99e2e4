// A fact's history of supersessions: the chain of facts it replaced and that replaced it,
// oldest first, each with its validity, the reason of the SUPERSEDES edge and the turn it was
// said in. Start from words of the fact: :param words => 'manager'   :param user => 'jordan'
MATCH (start:Fact {user_id: $user})
WHERE toLower(start.text) CONTAINS toLower($words)
MATCH chain = (newest:Fact)-[:SUPERSEDES*0..]->(start)-[:SUPERSEDES*0..]->(oldest:Fact)
WHERE NOT EXISTS { MATCH (:Fact)-[:SUPERSEDES]->(newest) }
  AND NOT EXISTS { MATCH (oldest)-[:SUPERSEDES]->(:Fact) }
WITH chain ORDER BY length(chain) DESC LIMIT 1
UNWIND range(length(chain), 0, -1) AS i
WITH chain, nodes(chain)[i] AS f, i
OPTIONAL MATCH (f)<-[s:SUPERSEDES]-(:Fact)
OPTIONAL MATCH (f)-[:GROUNDED_IN]->(t:Turn)
RETURN f.text AS fact, f.valid_from AS valid_from, f.valid_to AS valid_to,
       s.reason AS ended_because, collect(t.text)[0] AS said
ORDER BY valid_from
