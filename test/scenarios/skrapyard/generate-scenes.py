# Writes the Skrapyard scenario scenes (python3 test/scenarios/skrapyard/generate-scenes.py). Expected values are derived by hand from the rules
# (the derivation of each is in meta.derivation); nothing here runs the program.
import json, os
OUT = os.path.dirname(os.path.abspath(__file__))
IN = 25.4
BASE = {"shape": "round", "diameter": 25}

def rect(x0, y0, x1, y1):
    return [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]

def model(id, side, pos, facing=0, stats=None, unit=None, height=45, eye=40, z=None, **kw):
    d = {"id": id, "side": side, "stats": stats or {"F": 5, "S": 5, "A": 5, "D": 5, "stature": 2},
         "base": kw.pop('base', BASE), "height": height, "eye": eye, "position": [round(pos[0], 4), round(pos[1], 4)], "facing": facing}
    if unit: d["unit"] = unit
    if z is not None: d["z"] = z
    d.update(kw)
    return d

def wall(id, fp, height, kind='linear', kw=None):
    return {"id": id, "type": kind, "keywords": kw if kw is not None else ["stature-1"], "footprint": fp, "height": height}

def scene(name, title, models, queries, expect, derivation, terrain=None, options=None):
    s = {"format": "tabletop-scene/1", "system": "skrapyard", "options": options or {},
         "table": {"width": 1219.2, "depth": 1219.2}, "terrain": terrain or [], "models": models, "queries": queries,
         "meta": {"title": title, "derivation": derivation, "expect": expect}}
    with open(os.path.join(OUT, name + '.json'), 'w') as f:
        json.dump(s, f, indent=2, ensure_ascii=False)
        f.write('\n')

S5 = {"F": 5, "S": 5, "A": 5, "D": 5, "stature": 2}

# 1. Basic weapon range boundary: S5, moved (no standing) → range 2 × 5 = 10" = 254 mm edge to edge.
m, q, e = [], [], {}
for i, (dx, label) in enumerate([(0, 'exact'), (0.5, 'over'), (-0.5, 'under')]):
    y = 200 + 300 * i
    m += [model(f"s-{label}", "A", (100, y)), model(f"t-{label}", "B", (100 + 25 + 254 + dx, y), 180)]
    q.append({"id": f"shot-{label}", "type": "attack", "attacker": f"s-{label}", "target": f"t-{label}", "weapon": "basic-weapon", "context": {"moved": True}})
e["shot-exact"] = {"allowed": True, "inRange": True, "range": {"rangeS": 5, "maxInches": 10, "penalty": -5}, "finalS": 0, "margin": {"marginMm": 0}, "probability": {"exact": {"hit": "1/12", "effect": "1/12"}}}
e["shot-over"] = {"allowed": False, "inRange": False, "margin": {"marginMm": -0.5}, "reasons": [{"code": "out-of-range", "rule": "§13.2"}], "probability": {"exact": {"hit": "0", "effect": "0"}}}
e["shot-under"] = {"allowed": True, "inRange": True, "range": {"penalty": -5}, "finalS": 0, "margin": {"marginMm": 0.5}, "probability": {"exact": {"hit": "1/12"}}}
q.append({"id": "shot-standing", "type": "attack", "attacker": "s-exact", "target": "t-exact", "weapon": "basic-weapon"})
e["shot-standing"] = {"allowed": True, "range": {"rangeS": 6, "maxInches": 12, "penalty": -4}, "finalS": 2, "probability": {"exact": {"hit": "1/6", "effect": "19/144"}}}
scene("range-basic-boundary", "Basic weapon: exactly at 2 × S, 0.5 mm over and under", m, q, e,
      "S5 and stature 2 on both sides, no teams. With context moved the standing +1 is lost (§13.3.2.1): S_r = 5, max range 2 × 5 = 10\" = 254 mm "
      "(§13.2, 'up to': inclusive). Bases 25 mm: target centres 100 + 25 + 254 (+0.5 / −0.5) mm. At 10\" the penalty is −(10 − 5) = −5 (§13.3.3.1) → S 0: "
      "only a natural 1 hits (§13.3.4) and it puts the target down without an A test (§21.3): hit = effect = 1/12. 254.5 mm is beyond 10\": not allowed. "
      "253.5 mm = 9.980\": penalty −ceil(4.980) = −5 (§1.6). Standing (no context): S_r 6, range 12\", penalty −4 → S 2: hit 2/12; effect = 1/12 + 1/12 × P(fail A5) 7/12 = 19/144.")

# 2. Medium weapon: S4, moved → S_r 4; clean to 8", max 12".
m, q, e = [], [], {}
for i, (gap_in, label) in enumerate([(8, 'edge'), (8.5, 'half-inch'), (12, 'max'), (12 + 0.5 / IN, 'beyond')]):
    y = 150 + 280 * i
    m += [model(f"s-{label}", "A", (100, y), 0, {"F": 5, "S": 4, "A": 5, "D": 5, "stature": 2}, weapons=["medium-ranged"]),
          model(f"t-{label}", "B", (100 + 25 + gap_in * IN, y), 180)]
    q.append({"id": f"m-{label}", "type": "attack", "attacker": f"s-{label}", "target": f"t-{label}", "context": {"moved": True}})
e["m-edge"] = {"allowed": True, "weapon": "medium-ranged", "range": {"maxInches": 12, "cleanToInches": 8, "band": "clean", "penalty": 0}, "finalS": 4, "probability": {"exact": {"hit": "1/3", "effect": "11/48"}}}
e["m-half-inch"] = {"allowed": True, "range": {"band": "penalty", "penalty": -1}, "finalS": 3, "probability": {"exact": {"hit": "1/4"}}}
e["m-max"] = {"allowed": True, "range": {"penalty": -4}, "finalS": 0, "probability": {"exact": {"hit": "1/12"}}}
e["m-beyond"] = {"allowed": False, "inRange": False}
scene("range-medium-bands", "Medium-ranged weapon: the clean band to 2 × S and the shifted penalty to 3 × S", m, q, e,
      "S4 m weapon, moved (no standing): S_r 4. §13.6.1: range up to 3 × 4 = 12\", the range modifier only beyond 2 × 4 = 8\". Shifted reading (default): "
      "−1 per inch beyond 8\". At 8\": no penalty, S4 → 4/12; effect = 1/12 + 3/12 × 7/12 = 33/144 = 11/48. At 8.5\": −ceil(0.5) = −1 → S3 → 3/12. "
      "At 12\": −4 → S0 → 1/12. 12\" + 0.5 mm: out of range.")

# 3. Medium weapon, literal band reading (option).
m = [model("s", "A", (100, 600), 0, {"F": 5, "S": 4, "A": 5, "D": 5, "stature": 2}, weapons=["medium-ranged"]), model("t", "B", (100 + 25 + 8.5 * IN, 600), 180),
     model("s2", "A", (100, 300), 0, {"F": 5, "S": 4, "A": 5, "D": 5, "stature": 2}, weapons=["medium-ranged"]), model("t2", "B", (100 + 25 + 8 * IN, 300), 180)]
q = [{"id": "literal-8.5", "type": "attack", "attacker": "s", "target": "t", "context": {"moved": True}},
     {"id": "literal-8", "type": "attack", "attacker": "s2", "target": "t2", "context": {"moved": True}}]
e = {"literal-8.5": {"allowed": True, "range": {"reading": "literal", "penalty": -5}, "finalS": -1, "probability": {"exact": {"hit": "1/12"}}},
     "literal-8": {"allowed": True, "range": {"penalty": 0}, "finalS": 4, "probability": {"exact": {"hit": "1/3"}}}}
scene("range-medium-literal", "Medium-ranged weapon under the literal band reading", m, q, e,
      "Option rangeBandReading = literal: beyond 2 × S the full §13.3.3.1 penalty −(d − S) applies. S_r 4 at 8.5\": −ceil(8.5 − 4) = −5 → S −1 → only a natural 1 hits (1/12). "
      "At exactly 8\" no penalty applies (\"more than twice\"): S 4 → 1/3.", options={"rangeBandReading": "literal"})

# 4. Sniper: S8, standing does not apply (§13.6.3.2): S_r 8, clean 8"–32", max 40", −1 per inch under 8".
SN = {"F": 4, "S": 8, "A": 5, "D": 6, "stature": 2}
m, q, e = [], [], {}
for i, (gap_in, label) in enumerate([(5.5, 'short'), (32, 'clean-edge'), (36, 'long'), (40 + 0.5 / IN, 'beyond')]):
    y = 150 + 280 * i
    m += [model(f"s-{label}", "A", (30, y), 0, SN, weapons=["sniper"]), model(f"t-{label}", "B", (30 + 25 + gap_in * IN, y), 180)]
    q.append({"id": f"sn-{label}", "type": "attack", "attacker": f"s-{label}", "target": f"t-{label}"})
q.append({"id": "sn-moved", "type": "attack", "attacker": "s-clean-edge", "target": "t-clean-edge", "context": {"moved": True}})
e["sn-short"] = {"allowed": True, "weapon": "sniper", "range": {"rangeS": 8, "band": "short", "penalty": -3, "rule": "§13.6.3"}, "finalS": 5, "probability": {"exact": {"hit": "5/12"}}}
e["sn-clean-edge"] = {"allowed": True, "range": {"band": "clean", "penalty": 0, "maxInches": 40}, "finalS": 8, "probability": {"exact": {"hit": "2/3"}}}
e["sn-long"] = {"allowed": True, "range": {"penalty": -4}, "finalS": 4, "probability": {"exact": {"hit": "1/3"}}}
e["sn-beyond"] = {"allowed": False, "inRange": False}
e["sn-moved"] = {"allowed": False, "reasons": [{"code": "moved", "rule": "§13.6.3.1"}]}
scene("range-sniper", "Sniper weapon: short-range penalty, clean band, long band, max range, no shooting after moving", m, q, e,
      "S8 sniper: no standing modifier (§13.6.3.2), so S_r 8. Max 5 × 8 = 40\"; the range modifier beyond 4 × 8 = 32\" and −1 per inch under S (§13.6.3). "
      "5.5\": −ceil(8 − 5.5) = −3 (fractions up, §1.6; distance not rounded) → S5 → 5/12. 32\": clean → S8 → 8/12. 36\": −4 → S4 → 4/12. 40\" + 0.5 mm: out. "
      "Moved this turn: may not shoot it (§13.6.3.1).")

# 5. Sniper with distances rounded up first (option).
m = [model("s", "A", (30, 300), 0, SN, weapons=["sniper"]), model("t", "B", (30 + 25 + 5.5 * IN, 300), 180),
     model("s2", "A", (30, 800), 0, SN, weapons=["sniper"]), model("t2", "B", (30 + 25 + 32.2 * IN, 800), 180)]
q = [{"id": "up-short", "type": "attack", "attacker": "s", "target": "t"}, {"id": "up-long", "type": "attack", "attacker": "s2", "target": "t2"}]
e = {"up-short": {"range": {"band": "short", "penalty": -2}, "finalS": 6, "probability": {"exact": {"hit": "1/2"}}},
     "up-long": {"range": {"band": "penalty", "penalty": -1}, "finalS": 7, "probability": {"exact": {"hit": "7/12"}}}}
scene("range-sniper-distance-up", "Sniper with the measured distance rounded up first (option distanceRounding)", m, q, e,
      "Option distanceRounding = distance-up: 5.5\" counts as 6\" → short penalty −(8 − 6) = −2 → S6 → 6/12 (the default reading gives −3). "
      "32.2\" counts as 33\" → −1 beyond 32\" → S7 → 7/12.", options={"distanceRounding": "distance-up"})

# 6. The rifleman of §13.6.2 (catalogue profile: S9, long-ranged).
RIF = {"F": 4, "A": 5, "D": 5}
m, q, e = [], [], {}
for i, (gap_in, label) in enumerate([(27, 'clean'), (30, 'thirty'), (36, 'max'), (36 + 0.5 / IN, 'beyond')]):
    y = 150 + 280 * i
    m += [model(f"r-{label}", "A", (30, y), 0, RIF, profile="rifleman"), model(f"t-{label}", "B", (30 + 25 + gap_in * IN, y), 180)]
    q.append({"id": f"rifle-{label}", "type": "attack", "attacker": f"r-{label}", "target": f"t-{label}"})
q.append({"id": "rifle-moved", "type": "attack", "attacker": "r-clean", "target": "t-clean", "context": {"movedInvoluntarily": True}})
e["rifle-clean"] = {"allowed": True, "weapon": "long-ranged", "range": {"S": 9, "rangeS": 9, "cleanToInches": 27, "maxInches": 36, "penalty": 0}, "probability": {"exact": {"hit": "3/4"}}}
e["rifle-thirty"] = {"allowed": True, "range": {"penalty": -3}, "finalS": 6, "probability": {"exact": {"hit": "1/2", "effect": "47/144"}}}
e["rifle-max"] = {"allowed": True, "range": {"penalty": -9}, "finalS": 0, "probability": {"exact": {"hit": "1/12"}}}
e["rifle-beyond"] = {"allowed": False, "inRange": False}
e["rifle-moved"] = {"allowed": False, "reasons": [{"code": "moved", "rule": "§13.6.2.1"}]}
scene("range-rifleman", "§13.6.2: the S9 rifleman with a long-ranged weapon", m, q, e,
      "Catalogue profile rifleman: S9, long-ranged. No standing modifier for l weapons (§13.6.2.2): S_r 9. \"up to 27\" without modifier, and up to 36\" with an increasing modifier\" (§13.6.2). "
      "27\": S9 → 9/12. 30\": −3 → S6 → 6/12; effect = 1/12 + 5/12 × 7/12 = 47/144. 36\": −9 → S0 → 1/12. 36\" + 0.5 mm: out. "
      "Involuntary movement also forbids the l weapon (§13.6.2.1).")

# 7. Pre-range modifiers: standing, team, large target.
m = [model("s", "A", (100, 600), 0, {"F": 5, "S": 5, "A": 5, "D": 5, "stature": 2}, unit="gang"),
     model("mate", "A", (100 - 25 - IN, 600), 0, {"F": 5, "S": 5, "A": 5, "D": 5, "stature": 2}, unit="gang"),
     model("big", "B", (100 + 25 + 12 * IN, 600), 180, {"F": 6, "S": 4, "A": 6, "D": 5, "stature": 3}, height=60, eye=54)]
q = [{"id": "team-large", "type": "attack", "attacker": "s", "target": "big"}]
e = {"team-large": {"allowed": True, "team": {"shooter": True}, "range": {"rangeS": 8, "maxInches": 16, "penalty": -4}, "finalS": 4,
                    "modifiers": [{"source": "standing (before range)", "value": 1, "rule": "§13.3.2.1"}, {"source": "large target (before range)", "value": 1, "rule": "§13.3.2.2"}, {"source": "team (before range)", "value": 1, "rule": "§13.3.2.4"}, {"source": "range (after range)", "value": -4, "rule": "§13.3.3.1"}],
                    "probability": {"exact": {"hit": "1/3", "effect": "5/24"}}}}
scene("modifiers-standing-team-large", "Pre-range modifiers set the range: standing, team, large target", m, q, e,
      "Shooter S5 stature 2 did not move (+1 standing, §13.3.2.1); its unit mate stands 1\" behind it, within its stature 2\" (§3.2), so it is in a team (+1, §13.3.2.4); "
      "the mate is wholly behind the lateral line, so the 1\" rule ignores it (§13.2.4). Target stature 3 ≥ 2 + 1: large (+1, §13.3.2.2). S_r = 8 → range 16\". "
      "At 12\": −(12 − 8) = −4 → S4 → 4/12. Target A6: effect = 1/12 + 3/12 × 6/12 = 30/144 = 5/24.")

# 8. Small target vs a large team (both modifiers by default).
m = [model("s", "A", (100, 600), 0, {"F": 5, "S": 6, "A": 5, "D": 5, "stature": 3}, height=60, eye=54),
     model("t1", "B", (100 + 25 + 6 * IN, 600), 180, unit="pair"), model("t2", "B", (100 + 25 + 6 * IN + 25 + 40, 600), 180, unit="pair"),
     model("s2", "A", (100, 300), 0, {"F": 5, "S": 6, "A": 5, "D": 5, "stature": 3}, height=60, eye=54), model("lone", "B", (100 + 25 + 6 * IN, 300), 180)]
q = [{"id": "small-in-large-team", "type": "attack", "attacker": "s", "target": "t1", "context": {"moved": True}},
     {"id": "small-alone", "type": "attack", "attacker": "s2", "target": "lone", "context": {"moved": True}}]
e = {"small-in-large-team": {"allowed": True, "team": {"target": ["t1", "t2"]}, "range": {"rangeS": 6, "penalty": 0}, "finalS": 6,
                             "modifiers": [{"source": "large target (team) (before range)", "value": 1, "rule": "§13.8.1"}, {"source": "small target (before range)", "value": -1, "rule": "§13.3.2.3"}]},
     "small-alone": {"allowed": True, "range": {"rangeS": 5, "maxInches": 10, "penalty": -1}, "finalS": 4,
                     "modifiers": [{"source": "small target (before range)", "value": -1, "rule": "§13.3.2.3"}, {"source": "range (after range)", "value": -1, "rule": "§13.3.3.1"}]}}
DER8 = ("Shooter stature 3, S6, moved (no standing). t1 and t2 (stature 2, one unit) stand 40 mm apart, within 2\" (§3.2): a team whose statures sum to 4 ≥ 3 + 1, "
        "so every member is a large target (+1, §13.8.1); t1 itself is stature 2 ≤ 3 − 1, a small target (−1, §13.3.2.3); option teamLargeWithSmall = both: net 0, S_r 6, "
        "range 12\"; t1 at 6\" ≤ S: no penalty → S6. The lone stature-2 target: −1 → S_r 5, range 10\", at 6\" −ceil(6 − 5) = −1 → S4. "
        "t2 is 40 mm beyond t1, more than 1\" from every line to t1's zone, so the 1\" rule does not touch the shot at t1.")
scene("modifiers-small-target-team", "A stature-3 shooter: a small target, and a small target in a large team", m, q, e, DER8)
e2 = {"small-in-large-team": {"allowed": True, "range": {"rangeS": 7}, "finalS": 7, "modifiers": [{"source": "large target (team) (before range)", "value": 1, "rule": "§13.8.1"}]}}
scene("modifiers-team-only", "Option teamLargeWithSmall = team-only", m, q[:1], e2,
      "As modifiers-small-target-team, but with teamLargeWithSmall = team-only the team's large-target rule replaces the member's small-target modifier: S_r = 6 + 1 = 7.",
      options={"teamLargeWithSmall": "team-only"})

# 9. Front and behind for line of sight (§13.2.1) and the arc query (§2.4).
m = [model("s", "A", (600, 600), 0), model("tB", "B", (450, 600), 0), model("tS", "B", (600, 800), 270),
     model("tF", "B", (612.5, 400), 180), model("tF2", "B", (612.0, 250), 180)]
q = [{"id": "los-behind", "type": "los", "from": "s", "to": "tB"}, {"id": "los-straddle", "type": "los", "from": "s", "to": "tS"},
     {"id": "los-tangent", "type": "los", "from": "s", "to": "tF"}, {"id": "arc-tangent", "type": "arc", "of": "s", "from": "tF"},
     {"id": "arc-half-mm-behind", "type": "arc", "of": "s", "from": "tF2"}, {"id": "arc-straddle", "type": "arc", "of": "s", "from": "tS"},
     {"id": "shot-behind", "type": "attack", "attacker": "s", "target": "tB"}]
e = {"los-behind": {"visible": False, "class": "none", "behindFraction": 1, "reasons": [{"code": "not-in-front", "rule": "§13.2.1"}]},
     "los-straddle": {"visible": True, "class": "in-cover", "fraction": 0.6, "behindFraction": 0.4},
     "los-tangent": {"visible": True, "class": "clear", "fraction": 1},
     "arc-tangent": {"arc": "in-front"}, "arc-half-mm-behind": {"arc": "behind"}, "arc-straddle": {"arc": "behind"},
     "shot-behind": {"allowed": False, "reasons": [{"code": "not-in-front"}]}}
scene("los-front-behind", "Line of sight only in the front half-space; targets straddling the lateral line", m, q, e,
      "s faces +x from (600,600): its lateral line is x = 600. tB (450,600) is wholly behind: no line can be drawn (§13.2.1). tS has its centre on the line: "
      "of its 25 zone points per level, the centre, the 0.5r points at 0/45/90/270/315° and the rim points at 0–90° and 270–337.5° are on or in front of the line (15), "
      "the rest (10) behind: fraction 15/25 = 0.6 seen, so line of sight (§13.2.3) but not to every part: in cover (§13.11), with no obstacle to count. "
      "It is 'behind' (§2.4.2: at least partly in the rear side). tF's rear edge touches the line exactly (centre x = 612.5): wholly in front by the default "
      "lateralLine = front (§2.4.1); tF2 reaches 0.5 mm past it: behind.")

scene("los-arc-target-in-front", "Option losArc = target-in-front: a straddling target cannot be seen", m[:1] + [m[2]],
      [{"id": "los-straddle", "type": "los", "from": "s", "to": "tS"}], {"los-straddle": {"visible": False, "class": "none"}},
      "With losArc = target-in-front the target must be wholly in front of the shooter (§2.4.1). tS's centre lies on the lateral line, so no line of sight.",
      options={"losArc": "target-in-front"})

# 10–13. The 1" rule (§13.2.4).
def one_inch(name, h, expect, der, options=None, fheight=45):
    mm = [model("s", "A", (100, 600), 0), model("t", "B", (600, 600), 180), model("f", "A", (350, 600 + h), 0, height=fheight, eye=min(40, fheight))]
    scene(name, "The 1\" rule: a friend beside the line of sight", mm, [{"id": "los", "type": "los", "from": "s", "to": "t"}], {"los": expect}, der, options=options)
DER_1IN = ("Eye at (100,600), target zone radius 12.5 mm at (600,600). The outermost sight line on the friend's side is tangent to the zone: angle θ with sin θ = 12.5/500. "
           "Its distance from the friend's centre (350, 600 + h) is h·cos θ − 250·sin θ = 0.99969h − 6.25 mm; minus the friend's radius 12.5 mm it must exceed 1\" = 25.4 mm, "
           "so every line is clear when h > 44.164 mm (the sampled rim point at 90° gives 44.162 mm). ")
one_inch("los-one-inch-clear", 44.664, {"visible": True, "class": "clear", "clearanceBlockers": [], "fraction": 1},
         DER_1IN + "h = 44.664 (0.5 mm outside): no line passes within 1\" of the friend: clear.")
one_inch("los-one-inch-grazed", 43.664, {"visible": True, "class": "in-cover", "clearanceBlockers": ["f"], "coverObstacles": []},
         DER_1IN + "h = 43.664 (0.5 mm inside): the outermost lines pass within 1\" of the friend and may not be drawn, the others may: line of sight, "
         "not to every part (in cover, §13.11), and characters are no obstacles (§2.1.1), so no cover modifier.")
one_inch("los-one-inch-blocked", 0, {"visible": False, "class": "none", "clearanceBlockers": ["f"], "reasons": [{"code": "within-1-inch", "rule": "§13.2.4"}]},
         "The friend stands on the line from the eye to the target's centre, 250 mm out; every line to the 25 mm zone passes over its base: no line of sight (§13.2.4).")
one_inch("los-one-inch-cylinder", 0, {"visible": True, "class": "in-cover", "clearanceBlockers": ["f"]},
         "Option losClearanceMeasure = cylinder-3d, friend only 10 mm tall standing on the line. The lines to the target's upper points pass ≥ 30 mm over its head "
         "(eye 40 mm, top points 40–45 mm) — more than 1\" — so they may be drawn; lines to the lower points pass within 1\": line of sight, in cover, no modifier.",
         options={"losClearanceMeasure": "cylinder-3d"}, fheight=10)

# 14. Engaged target: friends ignored (§14.1.1) and shooting into combat (§13.7).
m = [model("s", "A", (400, 600), 0), model("t", "B", (600, 600), 180), model("f", "A", (575, 600), 0),
     model("s2", "A", (400, 300), 0), model("e2", "B", (600, 300), 180), model("f2", "A", (500, 300), 0)]
q = [{"id": "into-combat", "type": "attack", "attacker": "s", "target": "t", "context": {"moved": True}},
     {"id": "friend-in-the-way", "type": "attack", "attacker": "s2", "target": "e2", "context": {"moved": True}}]
e = {"into-combat": {"allowed": True, "intoCombat": True, "los": {"visible": True, "friendsIgnored": True, "class": "clear"}, "range": {"penalty": -2}, "finalS": 3,
                     "probability": {"exact": {"hit": "1/6", "effect": "19/144"}}},
     "friend-in-the-way": {"allowed": False, "los": {"visible": False, "friendsIgnored": False}, "reasons": [{"code": "within-1-inch", "rule": "§13.2.4"}]}}
scene("los-engaged-target", "A target engaged with a friend: friends ignored for sight, odd rolls hit the enemy", m, q, e,
      "t is in base contact with s's friend f (gap 0): engaged (§14.1), so friends may be ignored for line of sight (§14.1.1) and f, standing in the line, no longer "
      "stops it. Range: 600 − 400 − 25 = 175 mm = 6.890\"; S5 moved: S_r 5, range 10\", penalty −ceil(1.890) = −2 → S3. Shooting into combat (§13.7.2): passing rolls "
      "1, 3 (odd) hit an enemy: 2/12; roll 2 (even) hits a friend. Effect: natural 1 downs the enemy (§21.3): 1/12 + 1/12 × 7/12 = 19/144. "
      "s2's target e2 is not engaged, and f2 stands on the line 100 mm out: every line passes within 1\" of it (§13.2.4).")

# 15. Cover: one −1 per obstacle hiding part of the zone (§13.11.1).
t = [wall("w1", rect(530, 500, 535, 700), 20), wall("w2", rect(560, 500, 565, 700), 20)]
m = [model("s", "A", (350, 600), 0), model("t", "B", (600, 600), 180)]
q = [{"id": "two-walls", "type": "attack", "attacker": "s", "target": "t"}]
e = {"two-walls": {"allowed": True, "los": {"visible": True, "class": "in-cover"}, "cover": {"value": -2, "obstacles": ["w1", "w2"], "ignored": None},
                   "range": {"rangeS": 6, "penalty": -3}, "finalS": 1, "probability": {"exact": {"hit": "1/12", "effect": "1/12"}}}}
scene("cover-two-walls", "Two low walls each hide part of the target zone: −2 S", m, q, e,
      "Eye 40 mm at x 350, target zone 0–45 mm at x 587.5–612.5. The line to the target's base centre (z 1.5) is at z = 40 − 38.5 × 180/250 = 12.3 mm over w1 (20 mm) and "
      "7.7 mm over w2: both hide part of the zone; the lines to the top (45 mm) rise above 40 mm and clear both. −1 S per obstacle (§13.11.1): −2. "
      "S5 standing (+1): S_r 6, range 12\"; gap 225 mm = 8.858\": −ceil(2.858) = −3; S = 6 − 3 − 2 = 1 → only a natural 1 hits: 1/12, and it downs the target.", terrain=t)

# 16. Cover: the piece the shooter touches is ignored (§13.11.1.1).
t = [wall("w3", rect(362.5, 500, 367.5, 700), 39), wall("w1", rect(530, 500, 535, 700), 20)]
e = {"touching": {"allowed": True, "cover": {"value": -1, "obstacles": ["w1"], "ignored": "w3", "rule": "§13.11.1.1"}, "finalS": 2, "probability": {"exact": {"hit": "1/6"}}}}
scene("cover-touching-ignored", "The wall the shooter touches hides part of the target but is ignored", m, [{"id": "touching", "type": "attack", "attacker": "s", "target": "t"}], e,
      "s's base edge is at x 362.5, touching w3 (39 mm tall). The line to the target's base centre is at z = 40 − 38.5 × 12.5/250 = 38.1 mm at w3: w3 hides part of the zone, "
      "but a single piece in base contact with the shooter is ignored (§13.11.1.1). w1 still counts: −1. S_r 6, −3 range, −1 cover → S2 → 2/12.", terrain=t)

# 17–18. Grazing the top of a wall.
def graze(name, h, expect, der):
    t = [wall("w", rect(300, 500, 310, 700), h, kw=["stature-2"])]
    mm = [model("s", "A", (100, 600), 0), model("t", "B", (600, 600), 180, height=40, eye=36)]
    scene(name, "A sight line grazing the top of a wall", mm, [{"id": "los", "type": "los", "from": "s", "to": "t"}], {"los": expect}, der, terrain=t)
graze("los-grazing-wall-top", 40, {"visible": True, "fraction": 0.2, "class": "in-cover", "blockers": ["w"]},
      "Eye at 40 mm; the target is 40 mm tall, so its top ring of 25 zone points is at 40 mm too. The wall is exactly 40 mm: the lines to the top ring run along its top face "
      "without entering it (grazing does not block), every lower line enters it. Line of sight to 25 of 125 points (0.2), in cover behind w.")
graze("los-grazing-wall-blocked", 40.5, {"visible": False, "class": "none"},
      "The same wall 0.5 mm taller (40.5 mm): every line from the 40 mm eye to the ≤ 40 mm zone passes through it: no line of sight.")

# 19. A shooter on a platform sees over a wall that blinds a shooter on the ground.
t = [{"id": "tower", "type": "building", "keywords": ["stature-3"], "footprint": rect(50, 550, 150, 650), "height": 100},
     wall("wall", rect(300, 500, 310, 1000), 60, kw=["stature-3"])]
m = [model("s", "A", (100, 600), 0, z=100), model("t", "B", (600, 600), 180), model("g", "A", (100, 900), 0), model("t2", "B", (600, 900), 180)]
q = [{"id": "from-roof", "type": "los", "from": "s", "to": "t"}, {"id": "from-ground", "type": "los", "from": "g", "to": "t2"}]
e = {"from-roof": {"visible": True, "class": "clear", "fraction": 1}, "from-ground": {"visible": False, "class": "none", "blockers": ["wall"]}}
scene("los-platform", "A model on a platform: eye level rises with the roof", m, q, e,
      "s stands on the tower roof (z 100): eye at 140 mm. Its line to the target's base centre is at 140 − 138.5 × 210/500 = 81.8 mm over the 60 mm wall and 126 mm at the "
      "tower's edge (roof 100 mm): nothing hides any part of the zone: clear. g on the ground (eye 40 mm) looks into a 60 mm wall taller than the 45 mm target: no line of sight.",
      terrain=t)

# 20. Engagement = bases touching (§14.1), with the contact tolerance.
m = [model("a1", "A", (300, 300), 0), model("b1", "B", (325, 300), 180), model("a2", "A", (300, 500), 0), model("b2", "B", (326, 500), 180),
     model("a3", "A", (300, 700), 0), model("b3", "B", (327, 700), 180), model("e", "B", (900, 1000), 180)]
q = [{"id": "touching", "type": "engagement", "model": "a1"}, {"id": "gap-1mm", "type": "engagement", "model": "a2"}, {"id": "gap-2mm", "type": "engagement", "model": "a3"},
     {"id": "engaged-shot", "type": "attack", "attacker": "a1", "target": "e", "weapon": "basic-weapon"},
     {"id": "engaged-fight", "type": "attack", "attacker": "a1", "target": "b1"}]
e = {"touching": {"engaged": True, "with": ["b1"]}, "gap-1mm": {"engaged": True, "with": ["b2"]}, "gap-2mm": {"engaged": False, "with": []},
     "engaged-shot": {"allowed": False, "kind": "shooting", "$reasonCodes": ["engaged", "within-1-inch", "out-of-range"]},
     "engaged-fight": {"allowed": True, "kind": "combat", "weapon": "basic-combat-weapon", "inRange": True}}
scene("engagement-contact", "Engaged means bases touching; an engaged character may not shoot", m, q, e,
      "Bases 25 mm: a1–b1 centres 25 mm apart (gap 0): engaged. a2–b2 gap 1.0 mm ≤ the 1.5 mm contact tolerance (option baseContactToleranceMm): engaged. a3–b3 gap 2.0 mm: not. "
      "a1 may not shoot while in base contact with an opponent (§13.2) (the far target e is also out of range, 35.3\" > 12\", and b1 touching a1 in its front "
      "puts every line within 1\" of b1, §13.2.4); against b1 the attack is combat with the basic weapon (§14.5).")

# 21. Combat modifiers: charge, surprise, support, team (§14.2).
m = [model("t", "B", (600, 600), 0), model("a", "A", (575, 600), 0, unit="pair"), model("f", "A", (575, 625), 0, unit="pair")]
q = [{"id": "a-hits-t", "type": "attack", "attacker": "a", "target": "t", "context": {"charged": True}}, {"id": "t-hits-a", "type": "attack", "attacker": "t", "target": "a"}]
e = {"a-hits-t": {"allowed": True, "kind": "combat", "arc": "behind", "finalF": 9,
                  "modifiers": [{"source": "charge", "value": 1, "rule": "§14.2.1"}, {"source": "surprise (behind t)", "value": 1, "rule": "§14.2.2"}, {"source": "support (f)", "value": 1, "rule": "§14.2.4"}, {"source": "team", "value": 1, "rule": "§14.2.5"}],
                  "probability": {"exact": {"hit": "3/4", "effect": "63/139"}}},
     "t-hits-a": {"allowed": True, "finalF": 5, "modifiers": [], "probability": {"exact": {"hit": "5/12", "effect": "35/139"}}}}
scene("combat-modifiers", "Combat: charge, surprise from behind, support and team", m, q, e,
      "t faces +x at (600,600); a at (575,600) touches it from wholly behind its lateral line: surprise +1 (§14.2.2). f touches a (gap 0) but not t (gap 10.4 mm): support +1 "
      "(§14.2.4). a and f are one unit within 2\": a team, +1 (§14.2.5). Charged: +1 (§14.2.1). F = 5 + 4 = 9: hit 9/12. Effect with the natural-1 chain (§21.1), A5 (pass a = 5/12): "
      "P(unharmed) = [3/12 + 8/12 × 5/12] / [1 − 5/144] = 76/139, so 63/139. When t strikes back, t is wholly in front of a "
      "(a faces +x): no surprise, no support, no team: F5 → 5/12; P(unharmed) = [7/12 + 4/12 × 5/12]/[139/144] = 104/139 → 35/139.")

# 22–23. Outnumbered (§14.2.3), attack and disengage.
m = [model("a", "A", (600, 600), 0, {"F": 6, "S": 5, "A": 5, "D": 5, "stature": 2}), model("b1", "B", (625, 600), 180), model("b2", "B", (575, 600), 0)]
q = [{"id": "a-outnumbered", "type": "attack", "attacker": "a", "target": "b1"}, {"id": "a-disengage", "type": "test", "model": "a", "characteristic": "F", "purpose": "disengage"},
     {"id": "b2-from-behind", "type": "attack", "attacker": "b2", "target": "a"}]
e = {"a-outnumbered": {"allowed": True, "finalF": 5, "modifiers": [{"source": "outnumbered (b1, b2)", "value": -1, "rule": "§14.2.3"}], "probability": {"exact": {"hit": "5/12", "effect": "35/139"}}},
     "a-disengage": {"value": 5, "automatic": None, "probability": {"exact": "5/12"}},
     "b2-from-behind": {"allowed": True, "finalF": 6, "arc": "behind", "probability": {"exact": {"hit": "1/2"}}}}
DER_OUT = ("a (F6) touches b1 and b2, and neither touches another opponent: outnumbered, −1 for attacking and disengaging (§14.2.3): F5 → 5/12; "
           "effect vs A5: P(unharmed) = [7/12 + 4/12 × 5/12]/[1 − 5/144] = 104/139 → 35/139. ")
scene("combat-outnumbered", "Outnumbered: −1 to attack and to disengage", m, q, e,
      DER_OUT + "Disengage: F6 − 1 = 5 (option outnumberedOnDisengage = true, §14.2.3 over §14.3.3's list) → 5/12. b2 stands wholly behind a (a faces +x): surprise +1 → F6 → 6/12.")
scene("combat-outnumbered-disengage-option", "Option outnumberedOnDisengage = false", m, q[:2],
      {"a-outnumbered": {"finalF": 5}, "a-disengage": {"value": 6, "probability": {"exact": "1/2"}}},
      DER_OUT + "With outnumberedOnDisengage = false the disengage test follows §14.3.3's list only (surprise, support, team): F6 → 6/12; the attack keeps its −1.",
      options={"outnumberedOnDisengage": False})

# 24. The lateral line, both sides by 0.5 mm.
m = [model("o", "A", (600, 600), 90), model("m1", "B", (800, 612.5), 0), model("m2", "B", (800, 612.0), 0), model("m3", "B", (800, 613.0), 0), model("m4", "B", (400, 600), 0)]
q = [{"id": f"arc-{x}", "type": "arc", "of": "o", "from": x} for x in ["m1", "m2", "m3", "m4"]]
e = {"arc-m1": {"arc": "in-front"}, "arc-m2": {"arc": "behind"}, "arc-m3": {"arc": "in-front"}, "arc-m4": {"arc": "behind"}}
DER_ARC = ("o faces +y from (600,600): its lateral line is y = 600. m1's base (r 12.5) at y 612.5 touches the line; m2 crosses it by 0.5 mm; m3 clears it by 0.5 mm; "
           "m4's centre is on it. \"wholly in the front side\" is in front (§2.4.1), \"at least partly in the rear side\" behind (§2.4.2). ")
scene("arc-lateral-line", "In front or behind: a base touching, crossing or clearing the lateral line", m, q, e, DER_ARC + "Touching only: in front (option lateralLine = front).")
scene("arc-lateral-line-behind", "Option lateralLine = behind", m, q[:1], {"arc-m1": {"arc": "behind"}}, DER_ARC + "With lateralLine = behind, touching the line counts as behind.", options={"lateralLine": "behind"})

# 25. Linear obstacles by stature difference (§12.8).
t = [wall("w1", rect(300, 50, 305, 250), 25, kw=["stature-1"]), wall("w2", rect(300, 350, 305, 550), 45, kw=["stature-2"]),
     wall("w3", rect(300, 650, 305, 850), 70, kw=["stature-3"]), wall("w4", rect(300, 950, 305, 1150), 100, kw=["stature-4"]),
     wall("w5", rect(800, 350, 805, 550), 8, kw=["stature-0"])]
m = [model("m1", "A", (270, 150), 0), model("m2", "A", (270, 450), 0), model("m3", "A", (287.5, 750), 0), model("m4", "A", (270, 1050), 0), model("m5", "A", (770, 450), 0)]
q = [{"id": "low-wall-2.9", "type": "move", "model": "m1", "to": [270 + 2.9 * IN, 150]},
     {"id": "low-wall-3.2", "type": "move", "model": "m1", "to": [270 + 3.2 * IN, 150]},
     {"id": "low-wall-hurry", "type": "move", "model": "m1", "to": [270 + 2.9 * IN, 150], "mode": "hurry"},
     {"id": "equal-stop", "type": "move", "model": "m2", "to": [317.5, 450]},
     {"id": "equal-continue", "type": "move", "model": "m2", "to": [340, 450]},
     {"id": "plus-one-entire", "type": "move", "model": "m3", "to": [317.5, 750]},
     {"id": "plus-one-after-moving", "type": "move", "model": "m3", "to": [317.5, 750], "context": {"movedInches": 1}},
     {"id": "plus-two", "type": "move", "model": "m4", "to": [340, 1050]},
     {"id": "kerb-hurry", "type": "move", "model": "m5", "to": [900, 450], "mode": "hurry"}]
e = {"low-wall-2.9": {"allowed": True, "allowance": {"inches": 3, "rule": "§12.8.3"}, "distance": {"inches": 2.9}},
     "low-wall-3.2": {"allowed": False, "allowance": {"inches": 3}, "reasons": [{"code": "too-far", "rule": "§12.8.3"}]},
     "low-wall-hurry": {"allowed": False, "reasons": [{"code": "hurry-obstacle", "rule": "§12.8.7"}]},
     "equal-stop": {"allowed": True, "allowance": {"inches": 3, "rule": "§12.8.4"}},
     "equal-continue": {"allowed": False, "reasons": [{"code": "must-stop", "rule": "§12.8.4"}]},
     "plus-one-entire": {"allowed": True, "allowance": {"inches": 5}},
     "plus-one-after-moving": {"allowed": False, "reasons": [{"code": "entire-move", "rule": "§12.8.5"}]},
     "plus-two": {"allowed": False, "reasons": [{"code": "obstacle-too-high", "rule": "§12.8.6"}]},
     "kerb-hurry": {"allowed": True, "allowance": {"inches": 7, "rule": "§12.4"}, "reasons": []}}
scene("move-linear-obstacles", "Linear obstacles by stature difference: halved, stop on the far side, entire move, impassable, ignored", m, q, e,
      "Every mover is stature 2: normal move 3 + 2 = 5\" (§12.1), hurry 7\" (§12.4). w1 (stature 1, one less) halves the move (§12.8.3): 5/2 = 2.5 → 3\" (§1.6); "
      "2.9\" fits, 3.2\" does not; no hurry across it (§12.8.7). w2 (equal) halves it and the character must end on the far side touching it (§12.8.4): "
      "to x 317.5 (base edge on the wall's far face) is allowed, to 340 is not. w3 (one more) takes the entire move (§12.8.5): m3 starts touching it and ends touching "
      "its far side; after moving 1\" already it cannot. w4 (two more) cannot be crossed (§12.8.6). w5 (stature 0, two less) is no obstacle, even for a hurry (§12.8.2, §12.8.7).",
      terrain=t)
scene("move-halved-exact", "Option halvedMoveRounding = exact: half of 5\" is 2.5\"", m[:1], q[:1],
      {"low-wall-2.9": {"allowed": False, "allowance": {"inches": 2.5}, "reasons": [{"code": "too-far"}]}},
      "With halvedMoveRounding = exact, a stature-1 obstacle leaves a stature-2 character 2.5\" (the wording of §12.8.8), so 2.9\" is too far; §1.6 rounding would give 3\".",
      terrain=t[:1], options={"halvedMoveRounding": "exact"})

# 26. §12.8.8 worked example.
t = [wall("w", rect(300, 500, 305, 700), 25, kw=["stature-1"])]
m = [model("m", "A", (287.5, 600), 0)]
q = [{"id": "e9-after-3in", "type": "move", "model": "m", "to": [317.5, 600], "context": {"movedInches": 3}},
     {"id": "e9-next-turn", "type": "move", "model": "m", "to": [317.5, 600]}]
e = {"e9-after-3in": {"allowed": False, "allowance": {"inches": 3}, "reasons": [{"code": "insufficient-move", "rule": "§12.8.8"}]},
     "e9-next-turn": {"allowed": True}}
scene("move-e9-half-used", "§12.8.8: a stature 2 character moved 3\" up to a stature 1 obstacle", m, q, e,
      "§12.8.8: \"a stature 2 character moved 3\" up to a linear obstacle of stature 1 and therefore has already used more than half its move\": the obstacle halves the "
      "5\" move to 3\" (§1.6; 2.5\" by the example's wording) and 3\" are spent, so crossing (30 mm more) is not possible this turn; next turn it crosses, losing half its move.",
      terrain=t)

# 27. Area obstacles (§12.9).
t = [{"id": "woods", "type": "area", "keywords": ["difficult"], "footprint": rect(150, 250, 250, 350), "height": 60},
     {"id": "rocks", "type": "area", "keywords": ["severe"], "footprint": rect(150, 650, 250, 750), "height": 20},
     {"id": "cliff", "type": "area", "keywords": ["extreme"], "footprint": rect(150, 950, 250, 1050), "height": 30}]
m = [model("m1", "A", (100, 300), 0), model("m2", "A", (100, 700), 0), model("m3", "A", (100, 1000), 0)]
q = [{"id": "difficult-4in", "type": "move", "model": "m1", "to": [100 + 4 * IN, 300]},
     {"id": "difficult-2in", "type": "move", "model": "m1", "to": [100 + 2 * IN, 300]},
     {"id": "difficult-hurry", "type": "move", "model": "m1", "to": [100 + 4 * IN, 300], "mode": "hurry"},
     {"id": "severe-4in", "type": "move", "model": "m2", "to": [100 + 4 * IN, 700]},
     {"id": "extreme-3in", "type": "move", "model": "m3", "to": [100 + 3 * IN, 1000]},
     {"id": "extreme-5.5in", "type": "move", "model": "m3", "to": [100 + 5.5 * IN, 1000]}]
e = {"difficult-4in": {"allowed": True, "chance": {"exact": "1/3"}}, "difficult-2in": {"allowed": True, "chance": {"exact": "1"}},
     "difficult-hurry": {"allowed": False, "reasons": [{"code": "hurry-area", "rule": "§12.9.3"}]},
     "severe-4in": {"allowed": True, "chance": {"exact": "1/6"}}, "extreme-3in": {"allowed": True, "chance": {"exact": "1/6"}},
     "extreme-5.5in": {"allowed": False, "reasons": [{"code": "too-far", "rule": "§12.1"}]}}
scene("move-area-terrain", "Area obstacles: the total move cut by D3/D6/D12, minimum 1\"", m, q, e,
      "Stature 2: 5\" normal move. Difficult terrain cuts the total by D3\" (§12.9.4): 4\" needs 5 − D3 ≥ 4, D3 = 1: 1/3 (the D3 is a d12 ÷ 4, uniform, §1.7.1); 2\" needs "
      "max(1, 5 − D3) ≥ 2: always. No hurrying into area terrain (§12.9.3). Severe (§12.9.5): 5 − D6 ≥ 4 → D6 = 1: 1/6. Extreme (§12.9.6): max(1, 5 − D12) ≥ 3 → "
      "D12 ≤ 2: 2/12. 5.5\" is beyond the 5\" move whatever the dice.", terrain=t)

# 28. The approach lock (§12.1.2).
m = [model("m", "A", (100, 600), 0), model("e", "B", (200, 660), 180), model("m3", "A", (100, 900), 0), model("e2", "B", (300, 900), 180)]
q = [{"id": "run-past", "type": "move", "model": "m", "to": [270, 600], "mode": "hurry"},
     {"id": "close-in", "type": "move", "model": "m3", "to": [230, 900], "mode": "hurry"}]
e = {"run-past": {"allowed": False, "reasons": [{"code": "approach-lock", "rule": "§12.1.2"}]}, "close-in": {"allowed": True}}
scene("move-approach-lock", "Stature zones lock movement: no moving away once within an enemy's stature", m, q, e,
      "e is stature 2 and unengaged: a character that moves to within 2\" (≤, §12.1.2) of it may not voluntarily move further away this turn. m hurries 170 mm (6.69\" ≤ 7\") "
      "along y = 600, passing 60 mm from e's centre (gap 35 mm ≤ 50.8 mm) and ending hypot(70, 60) − 25 = 67.2 mm away: it moved away after entering: not allowed. "
      "m3 hurries straight at e2 and stops with a 45 mm gap, never moving away: allowed.")

# 29. Jumping and falling (§12.9.8): the falling exception to rounding up.
t = [{"id": "roof", "type": "building", "keywords": ["stature-3"], "footprint": rect(100, 500, 300, 700), "height": 66}]
m = [model("m", "A", (250, 600), 0, z=66), model("g", "A", (350, 900), 0)]
q = [{"id": "jump-normal", "type": "move", "model": "m", "to": [400, 600], "mode": "jump"},
     {"id": "jump-hurry", "type": "move", "model": "m", "to": [400, 600], "mode": "jump", "context": {"jumpAsHurry": True}},
     {"id": "jump-up", "type": "move", "model": "g", "to": [250, 680], "mode": "jump", "context": {"jumpAsHurry": True}}]
e = {"jump-normal": {"allowed": False, "reasons": [{"code": "too-far", "rule": "§12.9.8"}]},
     "jump-hurry": {"allowed": True, "allowance": {"inches": 7}, "chance": {"exact": "1/12"}, "fall": {"fullInches": 2, "tests": 2, "down": "35/72", "removed": "49/144"}},
     "jump-up": {"allowed": False, "$reasonCodes": ["jump-up"]}}
scene("move-jump-fall", "Jumping off a roof: distance − D12, one A test per full inch dropped", m, q, e,
      "m (stature 2, A5) stands on a 66 mm roof and jumps 150 mm = 5.906\" to the ground. As a normal move (5\") it can never cover that (§12.9.8). As a hurry (7\"): 7 − D12 ≥ 5.906 "
      "only on a 1: 1/12. Drop 66 mm = 2.598\": \"For each full inch\" (§12.9.8.2.1) means 2 A tests — the exception to rounding up (§1.6 would say 3). One failure: down "
      "(2 × 7/12 × 5/12 = 70/144 = 35/72); two: removed (7/12 × 7/12 = 49/144) (§12.9.8.2.2). g may not jump up onto the roof (target point higher than the start).",
      terrain=t)

# 30. Formation at exactly the stature distance (§3.2), unit size (§3.1).
m = [model("u1", "A", (300, 300), 0, unit="u"), model("u2", "A", (375.8, 300), 0, unit="u"), model("u3", "A", (452.1, 300), 0, unit="u"),
     model("v1", "A", (300, 700), 0, {"F": 6, "S": 4, "A": 7, "D": 5, "stature": 4}, unit="v", base={"shape": "round", "diameter": 40}, height=80, eye=72),
     model("v3", "A", (406.2, 700), 0, {"F": 4, "S": 4, "A": 4, "D": 4, "stature": 1}, unit="v", base={"shape": "round", "diameter": 20}, height=30, eye=27),
     model("v2", "A", (300, 1000), 0, unit="v")]
q = [{"id": "unit-u", "type": "formation", "unit": "u"}, {"id": "unit-v", "type": "formation", "unit": "v"}]
e = {"unit-u": {"size": 6, "valid": True, "teams": [["u1", "u2"]], "members": [{"model": "u1", "inFormationWith": ["u2"], "inTeam": True}, {"model": "u2", "inFormationWith": ["u1"], "inTeam": True}, {"model": "u3", "inFormationWith": [], "inTeam": False}]},
     "unit-v": {"size": 7, "valid": False, "members": [{"model": "v1", "inFormationWith": ["v3"], "inTeam": True}, {"model": "v3", "inFormationWith": [], "inTeam": False}, {"model": "v2", "inTeam": False}]}}
scene("formation-boundary", "Formation within the character's own stature, exactly and 0.5 mm beyond; unit size", m, q, e,
      "u1–u2 gap 375.8 − 300 − 25 = 50.8 mm = 2\" exactly: within stature 2 (inclusive by option withinComparator): in formation. u2–u3 gap 452.1 − 375.8 − 25 = 51.3 mm: "
      "0.5 mm beyond: u3 is out of formation and not in the team (§3.2, §3.2.1). Unit u: 2 + 2 + 2 = 6 ≤ 6 (§3.1.2). Unit v: v1 (stature 4, 40 mm) and v3 (stature 1, 20 mm) "
      "3\" apart (406.2 − 300 − 20 − 10 = 76.2 mm): v1 is within its own 4\", v3 is not within its own 1\": formation is each character's own stature. "
      "v2 is far away. Unit size 4 + 1 + 2 = 7 > 6: not a valid unit (§3.1.2, §8.2.1).")

# 31. Stature zones around a character (§12.1.2, §12.7.1, §16.4.1).
m = [model("e", "B", (600, 600), 180, {"F": 6, "S": 5, "A": 6, "D": 6, "stature": 3}, height=60, eye=54),
     model("p1", "A", (701.2, 600), 180), model("p2", "A", (600, 701.7), 270), model("p3", "A", (524.2, 600), 0, keywords=["can-fly"])]
q = [{"id": "lock", "type": "aura", "source": "e", "ability": "approach-lock"}, {"id": "retreat", "type": "aura", "source": "e", "ability": "retreat-clearance"},
     {"id": "flyers", "type": "aura", "source": "e", "ability": "flyer-exclusion"}]
e = {"lock": {"radius": {"inches": 3}, "affected": ["p1", "p3"]}, "retreat": {"radius": {"inches": 3}, "affected": ["p3"]}, "flyers": {"radius": {"inches": 3}, "affected": ["p3"]}}
scene("stature-zones", "Zones set by stature: approach lock (≤), flyer landing (<), retreat clearance (≥ 3\")", m, q, e,
      "e is stature 3. p1's gap is exactly 3\" (76.2 mm), p2's 3\" + 0.5 mm, p3's 2\". Approach lock: \"equal to or less than the opposing character's stature\" (§12.1.2): "
      "p1 and p3. Retreat must end \"at least 3\" away\" (§16.4.1): only p3 is too close (p1 at exactly 3\" is far enough). A flyer may not end \"less than\" the stature away "
      "unless in contact (§12.7.1): p3, which can fly, at 2\".")

# 32. Fly moves (§12.7).
t = [{"id": "heap", "type": "impassable", "footprint": rect(150, 550, 200, 650), "height": 60}]
m = [model("p", "A", (100, 600), 0, keywords=["can-fly"]), model("e", "B", (300, 600), 180), model("w", "A", (100, 300), 0)]
q = [{"id": "fly-into-contact", "type": "move", "model": "p", "to": [275, 600], "mode": "fly"},
     {"id": "fly-land-short", "type": "move", "model": "p", "to": [245, 600], "mode": "fly"},
     {"id": "walk-into-heap", "type": "move", "model": "p", "to": [175, 600]},
     {"id": "cannot-fly", "type": "move", "model": "w", "to": [150, 300], "mode": "fly"}]
e = {"fly-into-contact": {"allowed": True, "allowance": {"inches": 7, "rule": "§12.7"}, "crossings": [{"terrain": "heap", "effect": "flown over"}]},
     "fly-land-short": {"allowed": False, "$reasonCodes": ["fly-landing"]},
     "walk-into-heap": {"allowed": False, "$reasonCodes": ["impassable"]},
     "cannot-fly": {"allowed": False, "$reasonCodes": ["cannot-fly"]}}
scene("move-fly", "Flying over an impassable heap, landing rules", m, q, e,
      "p (stature 2, can fly) flies as a hurry: 7\" (§12.7). To (275,600): 175 mm = 6.89\", over the impassable heap (ignored along the path, §12.7), ending in base contact "
      "with e: allowed. Landing at (245,600) leaves a 30 mm gap, less than e's stature 2\" and not in contact: not allowed (§12.7.1). Walking into the heap: impassable "
      "(§12.9.7). w cannot fly.", terrain=t)

# 33. Characteristic tests (§7.1, §1.3, §1.5) and the D7 delay example (§10.3).
m = [model("weak", "A", (100, 100), 0, {"F": 5, "S": 5, "A": 3, "D": 5, "stature": 2}), model("strong", "A", (100, 300), 0, {"F": 10, "S": 5, "A": 5, "D": 5, "stature": 2}),
     model("late", "A", (100, 500), 0, {"F": 5, "S": 5, "A": 5, "D": 7, "stature": 2}), model("boss", "A", (100, 700), 0, {"F": 6, "S": 6, "A": 6, "D": 8, "R": 3, "stature": 2}, keywords=["hero"]),
     model("down", "A", (600, 900), 0, status=["wounded"]), model("foe", "B", (625, 900), 180)]
q = [{"id": "armour-minus-2", "type": "test", "model": "weak", "characteristic": "A", "context": {"modifiers": [{"source": "Jinx", "value": -2, "rule": "§19.5.3"}]}},
     {"id": "fight-plus-3", "type": "test", "model": "strong", "characteristic": "F", "context": {"modifiers": [{"source": "three bonuses", "value": 3}]}},
     {"id": "delayed-d7", "type": "test", "model": "late", "characteristic": "D", "purpose": "activation", "context": {"delayedToD": 5}},
     {"id": "hero-activation", "type": "test", "model": "boss", "characteristic": "D", "purpose": "activation"},
     {"id": "reroll-s5", "type": "test", "model": "late", "characteristic": "S", "context": {"reroll": True}},
     {"id": "recovery-engaged", "type": "test", "model": "down", "characteristic": "D", "purpose": "recovery"}]
e = {"armour-minus-2": {"base": 3, "value": 1, "probability": {"exact": "1/12"}}, "fight-plus-3": {"value": 13, "probability": {"exact": "11/12"}},
     "delayed-d7": {"base": 5, "value": 5, "probability": {"exact": "5/12"}}, "hero-activation": {"probability": {"exact": "1"}},
     "reroll-s5": {"value": 5, "probability": {"exact": "95/144"}},
     "recovery-engaged": {"value": 4, "modifiers": [{"source": "enemy engaged with the wounded character", "value": -1, "rule": "§17.1.1"}], "probability": {"exact": "1/3"}}}
scene("characteristic-tests", "Roll-under d12: modifiers change the characteristic, 1 passes, 12 fails", m, q, e,
      "A3 − 2 = 1 (§1.3: the modifier applies to A): only a 1 passes (§1.5): 1/12. F10 + 3 = 13: all but the 12 pass: 11/12. §10.3: a D7 character that delays until "
      "after D5 characters tests activation at the D of the last unit activated (§10.3.2): 5/12. Heroes pass activation automatically (§11.4.2). A re-rolled S5 test: "
      "1 − (7/12)² = 95/144. A wounded character engaged by an enemy recovers on D5 − 1 = 4 (§17.1.1): 4/12.")

# 34. Who may shoot (§11.2, §12.4.1, §12.8.9, §15.1.2).
m = [model("s", "A", (100, 600), 0), model("t", "B", (300, 600), 180), model("tw", "B", (300, 300), 180, status=["wounded"])]
q = [{"id": "hurried", "type": "attack", "attacker": "s", "target": "t", "context": {"hurried": True}},
     {"id": "crossed", "type": "attack", "attacker": "s", "target": "t", "context": {"crossedObstacle": True, "moved": True}},
     {"id": "fought", "type": "attack", "attacker": "s", "target": "t", "context": {"fought": True}},
     {"id": "wounded-target", "type": "attack", "attacker": "s", "target": "tw", "weapon": "basic-weapon"},
     {"id": "fine", "type": "attack", "attacker": "s", "target": "t"}]
e = {"hurried": {"allowed": False, "reasons": [{"code": "hurried", "rule": "§12.4.1"}]},
     "crossed": {"allowed": False, "reasons": [{"code": "crossed-obstacle", "rule": "§12.8.9"}]},
     "fought": {"allowed": False, "reasons": [{"code": "fought", "rule": "§11.2"}]},
     "wounded-target": {"allowed": False, "$reasonCodes": ["target-wounded"]},
     "fine": {"allowed": True, "range": {"rangeS": 6, "penalty": -1}, "finalS": 5, "probability": {"exact": {"hit": "5/12", "effect": "5/18"}}}}
scene("shooting-eligibility", "Who may shoot: not after hurrying, crossing a linear obstacle or fighting; not at the wounded", m, q, e,
      "\"A character that hurries cannot shoot at all\" (§12.4.1); one that crossed a linear obstacle may not shoot that phase (§12.8.9); one that fights may not then shoot "
      "(§11.2); a wounded character is ignored for all purposes but combat, formation, movement and morale (§15.1.2). The plain shot: S5 standing +1 → 6, range 12\"; "
      "gap 175 mm = 6.890\" → −ceil(0.890) = −1 → S5 → 5/12; effect 1/12 + 4/12 × 7/12 = 40/144 = 5/18.")

# 35. Shooting into combat at a target hidden behind a wall, seen through the friend it fights (§13.7.1).
t = [wall("w", rect(560, 580, 570, 620), 100, kw=["stature-4"])]
m = [model("s", "A", (400, 600), 0), model("t", "B", (600, 600), 180), model("f", "A", (600, 625), 270)]
q = [{"id": "group-shot", "type": "attack", "attacker": "s", "target": "t", "context": {"moved": True}}, {"id": "los-t", "type": "los", "from": "s", "to": "t"}]
e = {"los-t": {"visible": False},
     "group-shot": {"allowed": True, "intoCombat": True, "cover": {"value": -1, "obstacles": ["w"]}, "range": {"penalty": -2}, "finalS": 2,
                    "probability": {"exact": {"hit": "1/12", "effect": "1/12"}}}}
scene("into-combat-hidden-target", "Shooting into combat: the target hidden, a line of sight to the friend it fights is enough", m, q, e,
      "t (B) fights f (A), bases touching. A 100 mm wall at x 560–570, y 580–620 stands across every line from s's eye to t's zone (y 587.5–612.5 at x ≈ 600: the lines "
      "cross x 560 between y ≈ 590 and 610), so there is no line of sight to t (§13.2.3). But the target of a shot into combat is the group in base contact, and a line "
      "\"as described at 13.2.1\" to at least one character in it is enough (§13.7.1): lines to f's far side pass the wall's end (y > 620). Range to t: 175 mm = 6.890\", "
      "S5 moved → −2; the wall hides (all of) t's zone: −1 (§13.11.1) → S2. Odd passing rolls hit an enemy (§13.7.2): only the 1, which downs it (§21.3): 1/12 and 1/12.",
      terrain=t)

# 36. Retreat moves (§16.4.1, §16.4.5).
m = [model("r", "A", (300, 600), 0), model("e", "B", (400, 600), 180)]
q = [{"id": "retreat-ok", "type": "move", "model": "r", "to": [300 - 5 * IN, 600], "mode": "retreat"},
     {"id": "retreat-toward", "type": "move", "model": "r", "to": [330, 600], "mode": "retreat"},
     {"id": "retreat-short", "type": "move", "model": "r", "to": [299, 600], "mode": "retreat"}]
e = {"retreat-ok": {"allowed": True, "allowance": {"inches": 5, "rule": "§16.4.1"}},
     "retreat-toward": {"allowed": False, "$reasonCodes": ["retreat-not-away", "retreat-too-close"]},
     "retreat-short": {"allowed": False, "$reasonCodes": ["retreat-too-close"]}}
scene("move-retreat", "Retreat: a normal move away from the nearest enemy, ending at least 3\" from every enemy", m, q, e,
      "r (stature 2) retreats a normal move, 5\" (§16.4.1); e is 75 mm (2.95\") away. 5\" straight back ends 75 + 127 = 202 mm (7.95\") from e: allowed. "
      "30 mm toward e is not away from it and ends 45 mm (1.77\") away. 1 mm back ends 76.0 mm from e, short of 3\" = 76.2 mm: a retreat that cannot end "
      "at least 3\" from every enemy removes the character (§16.4.5).")

# 37. Charges (§12.5): line of sight from the current facing, the nearest unengaged target, no obstacles.
def charge_scene(name, title, options, expect, der):
    t = [wall("kerb", rect(300, 880, 305, 1000), 8, kw=["stature-0"])]
    mm = [model("m", "A", (300, 600), 0), model("e1", "B", (450, 600), 180), model("e2", "B", (200, 600), 0),
          model("m2", "A", (250, 950), 0), model("e3", "B", (340, 950), 180)]
    qq = [{"id": "charge-e1", "type": "move", "model": "m", "to": [425, 600], "mode": "charge"},
          {"id": "charge-e2", "type": "move", "model": "m", "to": [225, 600], "mode": "charge"},
          {"id": "charge-over-kerb", "type": "move", "model": "m2", "to": [315, 950], "mode": "charge"}]
    scene(name, title, mm, qq, expect, der, terrain=t, options=options)
DER_CH = ("m (stature 2) charges a normal move, 5\" = 127 mm (§12.5). e1 is 125 mm ahead (gap 4.92\"), e2 75 mm behind (gap 2.95\"), both unengaged. ")
charge_scene("move-charge", "Charges: only at what it can see, the nearest such target, never across an obstacle", {},
             {"charge-e1": {"allowed": True, "allowance": {"inches": 5, "rule": "§12.5"}},
              "charge-e2": {"allowed": False, "$reasonCodes": ["charge-no-los"]},
              "charge-over-kerb": {"allowed": False, "$reasonCodes": ["charge-obstacle"]}},
             DER_CH + "From its current facing (option chargeTurnFirst = false) m cannot see e2, which is wholly behind it (§13.2.1), so e2 cannot be charged (§12.5.2) and "
             "e1 is the nearest target it may charge (§12.5.3): allowed. m2 may not charge e3 across even a stature-0 kerb (§12.8.7).")
charge_scene("move-charge-turn-first", "Option chargeTurnFirst: turning before a charge brings the nearer enemy into sight", {"chargeTurnFirst": True},
             {"charge-e1": {"allowed": False, "$reasonCodes": ["charge-not-nearest"]}, "charge-e2": {"allowed": True}},
             DER_CH + "With chargeTurnFirst = true m may turn to face its target first (§12.11): e2 becomes visible, and it is nearer (2.95\" < 4.92\"), so a charge "
             "must go to e2 (§12.5.3), not e1.")
