-- Issue 26 §2: the Overview's coaching rule "low morale" (worker/insights/people.ts) walks
-- member_scores_risk_idx in the dashboard's order and stops at its first 20 (a person under the
-- morale line is high risk, so their risk_key range is known), where member_scores_morale_idx
-- read every low-morale person of the organization and sorted them (326 rows at 10,000 people).
-- No statement reads the morale index any more: one index less to keep on every completion's
-- member_scores update. (Numbered 0020: 0019 is another branch's.)
DROP INDEX IF EXISTS `member_scores_morale_idx`;
