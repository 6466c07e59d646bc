"""Tests of the Python kit against a real jardin rpc (JARDIN_BIN).

JARDIN_PY_GAMES sets how many random games of every game and player count
play to the end (2 by default; docs/research.md reports the 1,000-game run).
"""

import os
import random
import unittest

import jardin
from jardin.pettingzoo_env import JardinEnv

GAMES = int(os.environ.get("JARDIN_PY_GAMES", "2"))


def setUpModule():
    global ENGINE
    ENGINE = jardin.Engine()


def tearDownModule():
    ENGINE.close()


class TestFacts(unittest.TestCase):
    def test_games(self):
        names = jardin.registered_names(ENGINE)
        self.assertEqual(sorted(names), ["alices_garden_v1", "english_gardens_v1", "hanging_gardens_v1",
                                         "happy_garden_v1", "schlossgarten_v1"])
        for g in ENGINE.games():
            for k in ("numActions", "maxDecisions", "observationLength"):
                self.assertGreater(g[k], 0, (g["name"], k))
            by = g["maxDecisionsByPlayers"]
            lo, hi = g["players"]
            self.assertEqual(sorted(by, key=int), [str(n) for n in range(lo, hi + 1)])
            self.assertEqual(max(by.values()), g["maxDecisions"])
            self.assertEqual(jardin.load_game(g["name"], hi, engine=ENGINE).max_game_length(), by[str(hi)])

    def test_bad_requests_raise_and_change_nothing(self):
        g = jardin.load_game("schlossgarten_v1", 2, engine=ENGINE)
        s = g.new_initial_state(4)
        legal, view = s.legal_actions(), s.view(0)
        bad = next(a for a in range(g.num_distinct_actions()) if a not in legal)
        with self.assertRaises(jardin.EngineError) as c:
            s.apply_action(bad)
        self.assertEqual(c.exception.code, "rpc.illegal")
        with self.assertRaises(jardin.EngineError) as c:
            s.apply_action(g.num_distinct_actions())
        self.assertEqual(c.exception.code, "rpc.outOfRange")
        with self.assertRaises(jardin.EngineError) as c:
            s.observation_tensor(5)
        self.assertEqual(c.exception.code, "rpc.notSeat")
        fresh = ENGINE.request({"op": "legal", "state": s.id})
        self.assertEqual((fresh["actions"], s.view(0)), (legal, view))
        with self.assertRaises(ValueError):
            jardin.load_game("happy_garden_v1", 1, engine=ENGINE)
        with self.assertRaises(ValueError):
            jardin.load_game("chess", engine=ENGINE)


class TestRandomGames(unittest.TestCase):
    """Random games of every game and player count to the end: the kit's
    legal actions (cached from each apply) always match the engine's legal
    moves, listed straight from the engine in notation."""

    def test_every_game_and_count(self):
        rng = random.Random(1)
        for facts in ENGINE.games():
            lo, hi = facts["players"]
            for n in range(lo, hi + 1):
                game = jardin.load_game(facts["name"], n, seed=100, engine=ENGINE)
                for _ in range(GAMES):
                    self.play(game, rng)

    def play(self, game, rng):
        s = game.new_initial_state()
        steps = 0
        while True:
            legal = s.legal_actions()
            engine = ENGINE.request({"op": "legal", "state": s.id, "moves": True})
            names = sorted(a["move"] for a in ENGINE.batch(
                [{"op": "notation", "state": s.id, "action": a} for a in legal])) if steps % 10 == 0 else sorted(engine["actionMoves"])
            self.assertEqual(legal, engine["actions"], (str(game), steps))
            self.assertEqual(names, sorted(engine["moves"]), (str(game), steps))
            if s.is_terminal():
                self.assertEqual(legal, [])
                break
            self.assertLess(steps, game.max_game_length(), str(game))
            s.apply_action(rng.choice(legal))
            steps += 1
        r = s.result()
        self.assertTrue(r["over"] and r["result"]["final"])
        self.assertEqual(len(s.returns()), game.num_players())
        s.free()


class TestInformation(unittest.TestCase):
    def test_observation_and_resample(self):
        rng = random.Random(2)
        for name, n in (("english_gardens_v1", 3), ("schlossgarten_v1", 4), ("happy_garden_v1", 2)):
            game = jardin.load_game(name, n, seed=5, engine=ENGINE)
            s = game.new_initial_state()
            for _ in range(15):
                s.apply_action(rng.choice(s.legal_actions()))
            for p in range(n):
                obs = s.observation_tensor(p)
                self.assertEqual(len(obs), game.observation_tensor_size())
                d = s.resample_from_infostate(p, seed=rng.getrandbits(60))
                self.assertEqual(d.observation_tensor(p), obs, (name, p))
                self.assertEqual(d.view(p), s.view(p))
                d.free()
            c = s.clone()
            c.apply_action(c.legal_actions()[0])
            self.assertNotEqual(c.view(-1), s.view(-1))

    def test_hidden_hands_differ_after_resample(self):
        # Schlossgarten hides the other hands: some resample shows seat 1
        # another hand than the real one (what seat 0 cannot know).
        game = jardin.load_game("schlossgarten_v1", 2, seed=9, engine=ENGINE)
        s = game.new_initial_state()
        real = s.view(1)["seats"][1]["hand"]
        seen = {tuple(s.resample_from_infostate(0, seed=k).view(1)["seats"][1]["hand"]) for k in range(20)}
        self.assertTrue(any(list(h) != real for h in seen), seen)


class TestBatch(unittest.TestCase):
    def test_batch_answers_in_order_errors_alone(self):
        game = jardin.load_game("hanging_gardens_v1", 2, engine=ENGINE)
        states = game.new_initial_states([1, 2, 3])
        answers = ENGINE.batch([{"op": "legal", "state": states[0].id}, {"op": "nope"},
                                {"op": "legal", "state": states[2].id}])
        self.assertEqual(answers[0]["actions"], states[0].legal_actions())
        self.assertIn("error", answers[1])
        self.assertEqual(answers[2]["actions"], states[2].legal_actions())

    def test_apply_actions_steps_many_games_all_or_nothing(self):
        g = jardin.load_game("alices_garden_v1", 2, engine=ENGINE)
        states = g.new_initial_states([1, 2, 3])
        twins = g.new_initial_states([1, 2, 3])  # the same games, played one apply at a time
        rng = random.Random(5)
        for _ in range(20):  # 2-player games are longer: all still live after
            live = [k for k, s in enumerate(states) if not s.is_terminal()]
            if not live:
                break
            actions = [rng.choice(states[k].legal_actions()) for k in live]
            jardin.apply_actions([states[k] for k in live], actions)
            for k, a in zip(live, actions):
                twins[k].apply_action(a)
                self.assertEqual(states[k].legal_actions(), twins[k].legal_actions())
                self.assertEqual(states[k].current_player(), twins[k].current_player())
        # one illegal action: an error, and no state moved
        before = [(s.legal_actions(), s.view(0)) for s in states]
        bad = next(a for a in range(g.num_distinct_actions()) if a not in states[1].legal_actions())
        with self.assertRaises(jardin.EngineError) as c:
            jardin.apply_actions(states, [states[0].legal_actions()[0], bad, states[2].legal_actions()[0]])
        self.assertEqual(c.exception.code, "rpc.illegalIn")
        for s, b in zip(states, before):
            s._legal = None
            self.assertEqual((s.legal_actions(), s.view(0)), b)
        # apply a sequence: the same as one apply at a time
        seq_state, seq = g.new_initial_state(9), []
        step_state = g.new_initial_state(9)
        for _ in range(6):
            a = step_state.legal_actions()[0]
            seq.append(a)
            step_state.apply_action(a)
        got = ENGINE.request({"op": "apply", "state": seq_state.id, "actions": seq, "legal": True})
        self.assertEqual(got["actions"], step_state.legal_actions())

    def test_state_limit(self):
        with jardin.Engine(max_states=2) as e:
            game = jardin.load_game("alices_garden_v1", 1, engine=e)
            a = game.new_initial_state()
            a.clone()  # dropped at once: freed with the next request
            b = a.clone()
            with self.assertRaises(jardin.EngineError) as c:
                a.clone()
            self.assertEqual(c.exception.code, "rpc.tooManyStates")
            b.free()
            a.clone()


class TestErrors(unittest.TestCase):
    def test_code_is_the_same_in_every_language(self):
        # programs test the code; the sentence is in the engine's language
        for lang, word in (("en", "unknown"), ("fr", "inconnu"), ("de", "unbekannt")):
            with jardin.Engine(lang=lang) as e:
                with self.assertRaises(jardin.EngineError) as c:
                    e.request({"op": "new", "game": "chess", "players": 2, "seed": 1})
                self.assertEqual(c.exception.code, "rpc.unknownGame")
                self.assertIn(word, str(c.exception))


class TestPettingZooStyle(unittest.TestCase):
    def test_aec_loop_to_the_end(self):
        env = JardinEnv("happy_garden_v1", players=3, seed=3, engine=ENGINE)
        env.reset()
        rng = random.Random(3)
        steps = 0
        while env.agents:
            obs, reward, term, trunc, info = env.last()
            if term or trunc:
                env.step(None)
                continue
            self.assertEqual(len(obs["action_mask"]), env.game.num_distinct_actions())
            legal = [i for i, m in enumerate(obs["action_mask"]) if m]
            self.assertEqual(legal, env.state.legal_actions())
            env.step(rng.choice(legal))
            steps += 1
        self.assertGreater(steps, 10)
        env.close()


if __name__ == "__main__":
    unittest.main()
