"""Deterministic synthetic ChatGPT ``conversations.json`` exports, for benchmarks.

The shape follows a real 2024-2025 export: a JSON list of conversations, each with a ``mapping``
tree (a ``message: null`` root, a hidden system message, user and assistant messages with
realistic metadata), ``current_node`` pointing at the last reply, and about one conversation in
eight carrying a regenerated reply or an edited question (so the tree has branches).

Reuse it from other benchmarks::

    from bench.synthetic_export import write_chatgpt_export
    stats = write_chatgpt_export("/tmp/conversations.json", conversations=5000, turns=200_000)

or from the command line::

    python bench/synthetic_export.py /tmp/conversations.json --conversations 5000 --turns 200000

The same ``seed`` always writes the same bytes.
"""

from __future__ import annotations

import argparse
import json
import random
from dataclasses import dataclass
from pathlib import Path

__all__ = ["USER_TEXTS", "ExportStats", "write_chatgpt_export"]

_WORD_TEXT = (
    "the a to and of in is it that for you with on this be are as can have not or your at by "
    "from use will we if an which so more when like do one about there what time would some "
    "project meeting deadline sister mother doctor appointment garden python server database "
    "index query budget trip berlin lisbon tokyo flight hotel recipe dinner birthday gift "
    "running marathon knee physio medication dose morning evening weekend colleague manager "
    "review release deploy kubernetes cluster invoice contract apartment lease landlord "
    "school teacher homework piano lesson daughter son partner wedding anniversary concert "
    "tickets"
)
_WORDS = _WORD_TEXT.split()

_USER_OPENERS = (
    "Can you help me with",
    "I need to figure out",
    "My sister asked me about",
    "Quick question about",
    "I'm planning",
    "Remind me how to handle",
    "What do you think about",
)

# -- realistic user messages ------------------------------------------------------------------
# What people type to an assistant: mostly questions and requests, some context about the task,
# pasted code or logs, and now and then a statement about themselves, their work or the people
# around them (the part an extractor should keep). Every slot draws from a list, so the texts
# are diverse rather than repeats of a small pool.

_NAMES = (
    "Alice Maya Tom Ravi Sofia Lukas Chen Amara Diego Hana Omar Elena Jonas Priti Noah Ines "
    "Kofi Mei Sven Lucia Arjun Zoe Mateo Yara Felix Nadia Theo Leila Hugo Aiko"
).split()
_COMPANIES = (
    "Acme Northwind Globex Initech Umbrella Stark Wayne Hooli Vandelay Soylent Cyberdyne "
    "Tyrell Wonka Gringotts Aperture Oscorp Pied Piper Dunder Mifflin Contoso"
).split()
_CITIES = (
    "Berlin Lisbon Tokyo Toronto Madrid Austin Seattle Dublin Nairobi Oslo Prague Denver "
    "Melbourne Singapore Chicago Warsaw Bristol Lyon"
).split()
_ROLES = (
    "data engineer|product manager|nurse|teacher|backend developer|designer|accountant|"
    "researcher|sales lead|student|lawyer|mechanical engineer|support agent|chef|pharmacist"
).split("|")
_RELATIONS = (
    "sister brother mother father partner wife husband friend manager colleague son daughter "
    "cousin roommate neighbour mentor"
).split()
_TOOLS = (
    "Python|Rust|Go|TypeScript|Postgres|MongoDB|Redis|Kubernetes|Terraform|Excel|Notion|Figma|"
    "React|Django|FastAPI|Airflow|Spark|Kafka|Docker|Jira|Tableau|Obsidian|Vim|VS Code"
).split("|")
_TOPICS = (
    "retirement savings|sourdough starters|marathon training|the French revolution|"
    "quantum computing|sleep schedules|home insurance|job interviews|garden irrigation|"
    "public speaking|tax deductions|unit testing|database indexing|climate policy|"
    "budget travel|piano practice|vegetarian recipes|remote team rituals|negotiating a raise|"
    "learning Spanish|moving abroad|back pain|photography lighting|kids' screen time"
).split("|")
_PROJECTS = (
    "the data migration|the website redesign|the Q3 report|my thesis|the mobile app|"
    "the kitchen renovation|the grant proposal|the onboarding guide|the billing service|"
    "the wedding planning|the novel|the podcast|the audit|the pricing page"
).split("|")
_THINGS = (
    "deploy|cron job|build|API call|query|login flow|spreadsheet formula|printer|laptop|"
    "test suite|upload|webhook|dashboard|router|backup script"
).split("|")
_ERRORS = "timeout|permission denied|out of memory|404|null pointer|SSL handshake".split("|")
_DOCS = "email|cover letter|blog post|report|summary|toast|policy|proposal|lesson plan".split("|")
_AUDIENCES = "my team|a client|my landlord|a hiring manager|ten-year-olds|investors".split("|")
_HOBBIES = (
    "climbing|chess|baking|cycling|birdwatching|running|knitting|board games|hiking|"
    "woodworking|yoga|photography|gardening|surfing|pottery"
).split("|")
_MONTHS = "January February March April May June July August September October November".split()
_DAYS = "Monday Tuesday Wednesday Thursday Friday".split()
_WHEN = "yesterday|last week|this morning|on Friday|two days ago|last month".split("|")
_BLOCKERS = "legal review|the vendor export|a budget sign-off|IT access|the design team".split("|")
_STYLES = "short|detailed|step-by-step|casual|formal|bullet-point".split("|")
_EXTRAS = "examples|sources|code samples|a summary first|no jargon".split("|")
_FREQS = "most weekends|every Tuesday|twice a week|every morning|once a month".split("|")
_ALLERGENS = "peanuts|shellfish|gluten|lactose|cats|pollen|penicillin".split("|")
_FOODS = "takeaway|bakeries|sushi|cheese boards|street food|desserts".split("|")
_GOALS = (
    "run a half marathon|read twenty books|save for a house|learn to swim|get promoted|"
    "finish my certification|speak at a conference|cook at home more|sleep eight hours"
).split("|")

_QUESTIONS = (
    "How do I {task} in {tool}?",
    "What's the difference between {tool} and {tool2}?",
    "Why does my {thing} keep failing with a {error} error?",
    "Is it worth learning {tool} in {year}?",
    "Can you explain {topic} like I'm new to it?",
    "What are the pros and cons of {topic}?",
    "Which is better for a small team, {tool} or {tool2}?",
    "Could you check whether this {doc} sounds too formal?",
    "What should I pack for a week in {city} in {month}?",
    "How long does it usually take to get good at {hobby}?",
)
_REQUESTS = (
    "Write a short {doc} about {topic} for {audience}.",
    "Please summarize the text below in five bullet points.",
    "Rewrite this paragraph so it sounds friendlier.",
    "Give me {n} ideas for {topic}.",
    "Make a table comparing {tool} and {tool2}.",
    "Draft a polite reply saying I can't make the meeting on {day}.",
    "Translate this into Spanish.",
    "Suggest a weekly plan for {hobby}.",
)
_STATEMENTS = (
    "I work as {a_role} at {company} in {city}.",
    "I'm {a_role} based in {city} and have done it for {n} years.",
    "My {relation} {name} is visiting us in {month} for {n} days.",
    "{name} is my {relation} and works at {company}.",
    "We decided to use {tool} instead of {tool2} for {project}.",
    "I've been learning {tool} for {n} years to help with {project}.",
    "I prefer {style} answers with {extra}.",
    "I love {hobby} and go {freq} with my {relation}.",
    "{project_cap} is blocked on {blocker} since {day}.",
    "I finished {project} {when} after {n} weeks of work.",
    "I'm planning a trip to {city} in {month} with my {relation}.",
    "I don't use {tool} anymore since we moved to {tool2}.",
    "My manager {name} wants {project} done by the end of {month}.",
    "I started a new job at {company} as {a_role} {when}.",
    "I'm allergic to {allergen} so I avoid {food}.",
    "My goal this year is to {goal} before {month}.",
)
_CONTEXT = (
    "It works on my machine but not in production.",
    "Here is what I have so far.",
    "This is for a presentation at work.",
    "The {thing} was fine until {when}.",
    "I already tried restarting it.",
    "The deadline is tight.",
    "It only happens sometimes.",
    "Keep it under two hundred words.",
)
_CODE = (
    "def {fn}(rows):\n    total = 0\n    for row in rows:\n        total += row['{field}']\n"
    "    return total / len(rows)",
    "SELECT {field}, count(*) FROM orders WHERE created_at > now() - interval '7 days'\n"
    "GROUP BY {field} ORDER BY 2 DESC;",
    "ERROR 2024-03-{day2} 12:0{n}:14 worker-{n} {error} while calling /api/{fn}\n"
    'Traceback (most recent call last):\n  File "app.py", line {line}, in {fn}\n'
    "    resp = client.get(url, timeout=5)",
    "const {fn} = async (id) => {{\n  const res = await fetch(`/api/items/${{id}}`);\n"
    "  return res.json();\n}};",
)
#: Sentence kinds and how often a user sentence is one of them.
_KINDS = (("question", 0.38), ("request", 0.24), ("statement", 0.22), ("context", 0.16))


def _fill(rng: random.Random, template: str) -> str:
    tool, tool2 = rng.sample(_TOOLS, 2)
    project = rng.choice(_PROJECTS)
    role = rng.choice(_ROLES)
    return template.format(
        task=rng.choice(
            (
                "parse dates",
                "read a CSV",
                "retry failed requests",
                "set up logging",
                "schedule a job",
                "merge two tables",
                "handle time zones",
            )
        ),
        tool=tool,
        tool2=tool2,
        thing=rng.choice(_THINGS),
        error=rng.choice(_ERRORS),
        year=rng.choice(("2025", "2026")),
        topic=rng.choice(_TOPICS),
        doc=rng.choice(_DOCS),
        city=rng.choice(_CITIES),
        month=rng.choice(_MONTHS),
        hobby=rng.choice(_HOBBIES),
        audience=rng.choice(_AUDIENCES),
        n=rng.randint(2, 9),
        day=rng.choice(_DAYS),
        a_role=("an " if role[0] in "aeiou" else "a ") + role,
        company=rng.choice(_COMPANIES),
        relation=rng.choice(_RELATIONS),
        name=rng.choice(_NAMES),
        project=project,
        project_cap=project[0].upper() + project[1:],
        when=rng.choice(_WHEN),
        blocker=rng.choice(_BLOCKERS),
        fn=rng.choice(("load", "score", "sync", "fetch_items")),
        field=rng.choice(("amount", "status", "region", "user_id")),
        day2=rng.randint(10, 28),
        line=rng.randint(12, 480),
        style=rng.choice(_STYLES),
        extra=rng.choice(_EXTRAS),
        freq=rng.choice(_FREQS),
        allergen=rng.choice(_ALLERGENS),
        food=rng.choice(_FOODS),
        goal=rng.choice(_GOALS),
    )


def _user_message(rng: random.Random) -> str:
    """One realistic user message: 1-5 sentences, sometimes with pasted code or a log."""
    kinds, weights = zip(*_KINDS, strict=True)
    sentences = []
    for kind in rng.choices(kinds, weights, k=rng.choice((1, 1, 2, 2, 2, 3, 3, 4, 5))):
        table = {
            "question": _QUESTIONS,
            "request": _REQUESTS,
            "statement": _STATEMENTS,
            "context": _CONTEXT,
        }[kind]
        sentences.append(_fill(rng, rng.choice(table)))
    text = " ".join(sentences)
    if rng.random() < 0.12:
        text += "\n\n```\n" + _fill(rng, rng.choice(_CODE)) + "\n```"
    return text


@dataclass
class ExportStats:
    """What :func:`write_chatgpt_export` wrote."""

    path: Path
    conversations: int
    turns: int  # user + assistant messages on the canonical branches
    nodes: int  # mapping nodes in total, branches included
    bytes: int


def _sentence(rng: random.Random, words: int) -> str:
    text = " ".join(rng.choice(_WORDS) for _ in range(words))
    return text[0].upper() + text[1:] + "."


_POOL: list[str] = []


def _paragraphs(rng: random.Random, chars: int) -> str:
    """Paragraphs of about ``chars`` characters, drawn from a seeded pool of sentences."""
    if not _POOL:
        pool_rng = random.Random(12345)
        _POOL.extend(_sentence(pool_rng, pool_rng.randint(6, 22)) for _ in range(4000))
    out: list[str] = []
    size = 0
    while size < chars:
        para = " ".join(rng.choices(_POOL, k=rng.randint(2, 6)))
        out.append(para)
        size += len(para) + 2
    return "\n\n".join(out)


def _uuid(rng: random.Random) -> str:
    h = f"{rng.getrandbits(128):032x}"
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-8{h[17:20]}-{h[20:32]}"


def _node(
    rng: random.Random,
    node_id: str,
    parent: str | None,
    role: str,
    text: str,
    t: float | None,
    *,
    hidden: bool = False,
    model: str = "gpt-4o",
) -> dict[str, object]:
    metadata: dict[str, object] = {}
    if hidden:
        metadata["is_visually_hidden_from_conversation"] = True
    if role == "assistant":
        metadata.update(
            {
                "finish_details": {"type": "stop", "stop_tokens": [200002]},
                "is_complete": True,
                "citations": [],
                "content_references": [],
                "model_slug": model,
                "default_model_slug": model,
                "parent_id": parent,
                "request_id": f"{rng.getrandbits(64):016x}-LHR",
                "timestamp_": "absolute",
            }
        )
    elif role == "user":
        metadata.update({"request_id": f"{rng.getrandbits(64):016x}-LHR", "timestamp_": "absolute"})
    return {
        "id": node_id,
        "message": {
            "id": node_id,
            "author": {"role": role, "name": None, "metadata": {}},
            "create_time": t,
            "update_time": None,
            "content": {"content_type": "text", "parts": [text]},
            "status": "finished_successfully",
            "end_turn": True if role == "assistant" else None,
            "weight": 1.0,
            "metadata": metadata,
            "recipient": "all",
            "channel": None,
        },
        "parent": parent,
        "children": [],
    }


def _conversation(
    rng: random.Random, n_turns: int, start: float, user_text: str = "realistic"
) -> tuple[dict[str, object], int]:
    mapping: dict[str, dict[str, object]] = {}
    root = _uuid(rng)
    mapping[root] = {"id": root, "message": None, "parent": None, "children": []}
    system = _uuid(rng)
    mapping[system] = _node(rng, system, root, "system", "", None, hidden=True)
    mapping[root]["children"] = [system]  # type: ignore[index]
    parent, t = system, start
    branch_at = rng.randrange(n_turns) if rng.random() < 0.125 else -1
    title = ""
    for i in range(n_turns):
        role = "user" if i % 2 == 0 else "assistant"
        t += rng.uniform(5, 240)
        if role == "user" and user_text == "salad":
            text = f"{rng.choice(_USER_OPENERS)} {_paragraphs(rng, rng.randint(60, 400))}"
        elif role == "user":
            text = _user_message(rng)
            title = title or text[:40]
        else:
            text = _paragraphs(rng, rng.randint(400, 1700))
        if i == branch_at:
            # an abandoned sibling (regenerated reply or edited question) on a dead branch
            dead = _uuid(rng)
            mapping[dead] = _node(rng, dead, parent, role, _paragraphs(rng, 400), t)
            mapping[parent]["children"].append(dead)  # type: ignore[union-attr]
            t += 3.0
        node_id = _uuid(rng)
        mapping[node_id] = _node(rng, node_id, parent, role, text, t)
        mapping[parent]["children"].append(node_id)  # type: ignore[union-attr]
        parent = node_id
    conv_id = _uuid(rng)
    conv = {
        "title": title.strip() or "Untitled",
        "create_time": start,
        "update_time": t,
        "mapping": mapping,
        "moderation_results": [],
        "current_node": parent,
        "plugin_ids": None,
        "conversation_id": conv_id,
        "conversation_template_id": None,
        "gizmo_id": None,
        "is_archived": False,
        "safe_urls": [],
        "default_model_slug": "gpt-4o",
        "id": conv_id,
    }
    return conv, len(mapping)


USER_TEXTS = ("realistic", "salad")


def write_chatgpt_export(
    path: str | Path,
    conversations: int = 5000,
    turns: int = 200_000,
    seed: int = 7,
    user_text: str = "realistic",
) -> ExportStats:
    """Write a synthetic ChatGPT ``conversations.json`` with about ``turns`` canonical turns.

    ``user_text`` is what the user messages say: ``realistic`` (questions, requests, task
    context, pasted code and some statements about the user, see ``_user_message``) or
    ``salad`` (random words from a small vocabulary after an opener — a worst case for the
    extractor, which parses every sentence of it and turns much of it into candidate facts).

    Turn counts per conversation vary (2 to about 3x the mean, always even), and the total is
    exactly ``turns`` when ``turns >= 2 * conversations``. Streams to disk, so memory stays small.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    rng = random.Random(seed)
    mean = max(2, turns // max(1, conversations))
    sizes = [max(2, int(rng.expovariate(1 / mean)) // 2 * 2) for _ in range(conversations)]
    # rescale so the total matches the request
    total = sum(sizes)
    sizes = [max(2, round(s * turns / total / 2) * 2) for s in sizes]
    diff = turns - sum(sizes)
    i = 0
    while diff != 0 and conversations:
        step = 2 if diff > 0 else -2
        if step > 0 or sizes[i % conversations] > 2:
            sizes[i % conversations] += step
            diff -= step
        i += 1
        if i > 10 * conversations * max(1, abs(diff)):
            break
    start = 1_700_000_000.0
    nodes = 0
    with path.open("w", encoding="utf-8") as f:
        f.write("[")
        for n, size in enumerate(sizes):
            start += rng.uniform(600, 86_400)
            conv, count = _conversation(rng, size, start, user_text)
            nodes += count
            if n:
                f.write(",\n")
            f.write(json.dumps(conv, ensure_ascii=False))
        f.write("]\n")
    return ExportStats(path, conversations, sum(sizes), nodes, path.stat().st_size)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path")
    parser.add_argument("--conversations", type=int, default=5000)
    parser.add_argument("--turns", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--user-text", choices=USER_TEXTS, default="realistic")
    args = parser.parse_args()
    stats = write_chatgpt_export(
        args.path, args.conversations, args.turns, args.seed, args.user_text
    )
    print(
        f"wrote {stats.path}: {stats.conversations} conversations, {stats.turns} turns, "
        f"{stats.nodes} nodes, {stats.bytes / 1e6:.1f} MB"
    )


if __name__ == "__main__":
    main()
