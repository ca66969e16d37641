"""One test per kind of problem the checker reports, each at its ``line:col``.

Each row marks the span the diagnostic must point at with ``«…»`` and names words its
message must hold; where a near name exists, the message must suggest it ("did you mean").
Snippets are checked on top of the base game, as a mod's files are.
"""
from __future__ import annotations

import pytest

from dicey.lang.checker import check_decl
from dicey.lang.errors import render_all
from dicey.lang.parser import parse
from lang_kit import errors, expect_error, marked, problems


def eq(body: str, head: str = "") -> str:
    """An equipment card (size 1, any slot unless ``head`` says) whose ``on use`` is
    ``body``, laid out over several lines so line numbers are tested too."""
    return (f'# a probe\nequipment "Probe" {{{head}\n    text: "x"\n'
            f'    on use {{\n        {body}\n    }}\n}}\n')


# (id, marked source, words the message holds, suggestion or None)
ROWS = [
    # ---- names
    ("unknown-name", eq("attack(«dcie»[0])"), "unknown name 'dcie'", "dice"),
    ("unknown-name-far", eq("attack(«zzz»)"), "unknown name 'zzz'", None),
    ("unknown-function", eq("«attak»(d)"), "unknown function 'attak'", "attack"),
    ("unknown-status", eq("inflict(«posion», 2)"), "unknown status 'posion'", "poison"),
    ("status-is-an-enemy", eq("inflict(«frog», 1)"),
     "unknown status 'frog' (Frog is an enemy)", None),
    ("status-is-a-card", eq("inflict(«sword», 1)"),
     "unknown status 'sword' (Sword is a card)", None),
    ("name-is-a-hero", eq("attack(«warrior»)"),
     "unknown name 'warrior' (Warrior is a hero: its name is written in quotes, \"warrior\")",
     None),
    ("bare-card-name", eq("give_card(«Sword»)"),
     "unknown name 'Sword' (Sword is a card: its name is written in quotes, \"Sword\")", None),
    ("unknown-damage-type", eq("attack(d, «fir»)"), "unknown damage type 'fir'", "fire"),
    ("unknown-card", eq('give_card(«"Swrod"»)'), "unknown card 'Swrod'", "Sword"),
    # a misspelt upgrade was answered with the plain card ('Sword')
    ("unknown-upgrade", eq('give_card(«"Swrod+"»)'), "unknown card 'Swrod+'", "Sword+"),
    ("unknown-card-replace", eq('replace_with(«"Hamer"»)'), "unknown card 'Hamer'", "Hammer"),
    ("unknown-fighter-field", eq("attack(target.«hpp»)"), "a fighter has no field 'hpp'",
     "hp"),
    ("unknown-status-field", eq("attack(target.«posion»)"),
     "a fighter has no field 'posion'", "poison"),
    ("unknown-card-field", eq("attack(card.«time_used»)"),
     "a card has no field 'time_used'", "times_used"),
    ("unknown-fighter-field-far", eq("attack(self.«zzz»)"),
     "a fighter has no field 'zzz' (its fields: hp, max_hp, dice_count, level, name, "
     "cards_used, dice", None),
    ("unknown-card-field-far", eq("attack(card.«zzz»)"),
     "a card has no field 'zzz' (its fields: times_used, uses_left, name, id", None),
    ("unknown-var", 'equipment "Probe" {\n    var hits = 0\n    on use { «hitz += 1» }\n}',
     "unknown name 'hitz'", "hits"),
    ("var-set-to-another-type",
     'equipment "Probe" {\n    var l = [1, 2, 3]\n    var s = "abc"\n    on use { l = «s» }\n}',
     "'l' holds a list (as its 'var' starts it): it cannot be set to a string", None),
    ("var-number-set-to-a-comparison",
     'equipment "Probe" {\n    var n = 0\n    on use { n = «d > 3» }\n}',
     "'n' holds a number (as its 'var' starts it): it cannot be set to true/false", None),
    ("out-of-scope-loop-var", eq("for x in dice { attack(x) }\n        attack(«x»)"),
     "unknown name 'x'", None),
    ("out-of-scope-block-local", eq("if d > 1 { let y = 1 }\n        attack(«y»)"),
     "unknown name 'y'", None),
    ("function-as-name", eq("attack(«heal»)"), "'heal' is a function", None),
    ("name-not-in-this-hook", 'enemy "Probe" {\n    hp: 5\n    on turn start { attack(«d») }\n}',
     "unknown name 'd': 'd' is known only in a card's hooks (the total of the dice placed on "
     "the card); the names known here: self, simulation, target, turn", None),
    # 'd' in a status's hook was 'unknown name' alone, as if no script had it
    ("d-in-a-status", 'status "Probe" {\n    on turn start { attack(«d») }\n}',
     "unknown name 'd': 'd' is known only in a card's hooks (the total of the dice placed on "
     "the card); the names known here: self, simulation, stacks, target, turn", None),
    ("stacks-in-a-card", eq("attack(«stacks»)"), "unknown name 'stacks': 'stacks' is known "
     "only in a status's hooks (the status's stacks on its bearer)", None),
    ("amount-in-on-use", eq("attack(«amount»)"), "unknown name 'amount': 'amount' is known "
     "only in the 'on outgoing damage', 'on incoming damage', 'on attacked', 'on damage "
     "taken' and 'on damage dealt' hooks (the damage)", None),
    ("used-outside-any-use", eq("say(«used».name)"), "unknown name 'used': 'used' is known "
     "only in the 'on any use' and 'on opponent use' hooks (the card used)", None),
    # ---- what struck a blow, and the hooks a blow and a card of the opponent's run
    ("source-in-on-use", eq("if «source» == target { heal(1) }"),
     "unknown name 'source': 'source' is known only in the 'on outgoing damage', 'on "
     "incoming damage', 'on attacked', 'on damage taken' and 'on damage dealt' hooks "
     "(what struck the blow)", None),
    ("type-in-a-fighter-hook", 'enemy "Probe" {\n    hp: 3\n    on turn start { say(«type») }\n}',
     "unknown name 'type': 'type' is known only in the 'on outgoing damage', 'on incoming "
     "damage', 'on attacked', 'on damage taken' and 'on damage dealt' hooks (the blow's "
     "damage type)", None),
    ("amount-in-on-opponent-use", 'equipment "Probe" {\n    text: "x"\n'
     '    on opponent use { heal(«amount») }\n}',
     "unknown name 'amount': 'amount' is known only in the", None),
    ("amount-set-in-on-roll", 'equipment "Probe" {\n    text: "x"\n'
     '    on roll { «amount = 3» }\n}',
     "cannot assign to 'amount' here: 'amount' is known only in the 'on outgoing damage', "
     "'on incoming damage', 'on attacked', 'on damage taken' and 'on damage dealt' hooks "
     "(the damage), and set only in the 'on outgoing damage' and 'on incoming damage' hooks",
     None),
    ("used-in-on-attacked", 'status "Probe" {\n    text: "x"\n    on attacked { say(«used») }\n}',
     "unknown name 'used': 'used' is known only in the 'on any use' and 'on opponent use' hooks",
     None),
    ("blocked-in-on-damage-taken", 'equipment "Probe" {\n    text: "x"\n'
     '    on damage taken { heal(«blocked») }\n}',
     "unknown name 'blocked': 'blocked' is known only in the 'on attacked' hook (what reduce "
     "and shield took of the blow)", None),
    ("take-used-where-there-is-none", 'equipment "Probe" {\n    text: "x"\n'
     '    on attacked { take_card(«used») }\n}',
     "unknown name 'used': 'used' is known only in the 'on any use' and 'on opponent use' "
     "hooks (the card used)", None),
    ("source-self-in-on-attacked", 'equipment "Probe" {\n    text: "x"\n'
     '    on attacked { if source == «self» { heal(1) } }\n}',
     "'source' is never self in 'on attacked': it runs for the opponent's blows only, so "
     "this is always false", None),
    ("source-poison-in-on-incoming-damage", 'status "Probe" {\n    text: "x"\n'
     '    on incoming damage { if source != «poison» { amount = 0 } }\n}',
     "'source' is never poison in 'on incoming damage': poison hurts its bearer, it strikes "
     "no blow of the opponent's, so this is always true", None),
    ("source-target-in-on-damage-dealt", 'equipment "Probe" {\n    text: "x"\n'
     '    on damage dealt { if «target» == source { heal(1) } }\n}',
     "'source' is never target in 'on damage dealt': it runs for the owner's blows", None),
    ("source-misspelt", 'equipment "Probe" {\n    text: "x"\n'
     '    on damage taken { if «sourse» == target { heal(1) } }\n}',
     "unknown name 'sourse'", "source"),
    ("source-is-never-a-damage-type", 'equipment "Probe" {\n    text: "x"\n'
     '    on damage taken { if source == «fire» { heal(1) } }\n}',
     "'source' is never a damage type: it is what struck the blow", "type == fire"),
    ("type-is-never-a-status", 'status "Probe" {\n    text: "x"\n'
     '    on incoming damage { if «burn» != type { amount = 0 } }\n}',
     "'type' is never a status: it is the blow's damage type (normal, fire, ice, shock, "
     "poison), so this is always true", "source != burn"),
    ("source-is-never-a-number", 'equipment "Probe" {\n    text: "x"\n'
     '    on attacked { if source == «1» { heal(1) } }\n}',
     "'source' is never a number", None),
    ("type-with-a-string", 'equipment "Probe" {\n    text: "x"\n'
     '    on damage dealt { if type == «"fire"» { heal(1) } }\n}',
     "'type' is compared with a word, not a string: it is the blow's damage type (normal, "
     "fire, ice, shock, poison) (write the word without quotes)", None),
    ("opponent-is-target", 'equipment "Probe" {\n    text: "x"\n'
     '    on damage taken { if source == «opponent» { heal(1) } }\n}',
     "unknown name 'opponent'", "target"),
    ("take-own-used-in-on-any-use", 'equipment "Probe" {\n    text: "x"\n'
     '    on any use { take_card(«used») }\n}',
     "take_card() takes one of the opponent's cards", None),
    ("var-initialiser-name", 'equipment "Probe" {\n    var x = «d»\n    on use { attack(x) }\n}',
     "unknown name 'd'", None),
    # ---- declarations and members
    ("unknown-hook",
     'equipment "Probe" {\n    «on uze { attack(d) }»\n    on use { attack(d) }\n}',
     "cannot have the hook 'on uze'", "on use"),
    ("hook-not-allowed", 'status "Probe" {\n    kind: negative\n    «on use { hurt_self(1) }»\n}',
     "a status cannot have the hook 'on use'", "on any use"),
    ("hook-for-a-blow-misworded", 'equipment "Probe" {\n    text: "x"\n'
     '    «on hit { attack(1) }»\n}', "cannot have the hook 'on hit'", "on attacked"),
    ("hook-for-their-use-misworded", 'status "Probe" {\n    text: "x"\n'
     '    «on opponents use { hurt_self(1) }»\n}', "cannot have the hook 'on opponents use'",
     "on opponent use"),
    ("their-use-not-for-a-fighter", 'hero "Probe" {\n    hp: 3\n'
     '    «on opponent use { heal(1) }»\n}',
     "a hero cannot have the hook 'on opponent use' (it is a hook of equipment and statuses)",
     None),
    ("hook-not-allowed-fighter", 'enemy "Probe" {\n    hp: 3\n    «on use { attack(1) }»\n}',
     "an enemy cannot have the hook 'on use'", None),
    ("hook-twice", eq("attack(d)") .replace("}\n}\n", "}\n    «on use { attack(1) }»\n}\n"),
     "hook 'on use' is declared twice", None),
    ("unknown-property", eq("attack(d)", "\n    «sise: 2»"), "unknown property 'sise'", "size"),
    ("unknown-flag", eq("attack(d)", "\n    «once per fihgt»"),
     "unknown property 'once per fihgt'",
     "once per fight"),
    ("flag-without-value", eq("attack(d)", "\n    «size»"), "'size' needs a value", None),
    ("unknown-section", eq("attack(d)", "\n    «upgradd { size: 1 }»"), "unknown block 'upgradd'",
     "upgraded"),
    ("unknown-property-in-variant", eq("attack(d)", "\n    upgraded { «sise: 1» }"),
     "unknown property 'sise'", "size"),
    ("property-twice", eq("attack(d)", "\n    size: 1\n    «size: 2»"), "'size' is set twice",
     None),
    ("size-out-of-range", eq("attack(d)", "\n    size: «3»"), "'size' must be from 1 to 2", None),
    # a block or a flag given twice loaded silently, where a property is an error (the
    # second upgrade won, unsaid)
    ("upgraded-block-twice",
     eq("attack(d)", "\n    upgraded { size: 1 }\n    «upgraded { size: 2 }»"),
     "'upgraded' is set twice (first at line 3)", None),
    ("weakened-twice", eq("attack(d)", "\n    weakened { uses: 1 }\n    «weakened { uses: 2 }»"),
     "'weakened' is set twice (first at line 3)", None),
    ("flag-twice", eq("attack(d)", "\n    single use\n    «single use»"),
     "'single use' is set twice (first at line 3)", None),
    ("flag-twice-in-a-block",
     eq("attack(d)", "\n    upgraded { once per fight; «once per fight» }"),
     "'once per fight' is set twice (first at line 3)", None),
    ("uses-out-of-range", eq("attack(d)", "\n    uses: «0»"), "'uses' must be a number", None),
    ("cast-word", eq("attack(d)", "\n    cast: «slef»"), "'cast' must be one of", "self"),
    ("text-not-a-string", eq("attack(d)", "\n    slots: any\n    tags: «3»"),
     "'tags' takes single words", None),
    ("ai-preset", 'enemy "Probe" {\n    hp: 4\n    ai: «hrad»\n}', "'ai' must be one of", "hard"),
    ("status-kind", 'status "Probe" {\n    kind: «postive»\n}', "'kind' must be one of",
     "positive"),
    ("trait-word", 'enemy "Probe" {\n    hp: 4\n    weak: «icee»\n}', "unknown word 'icee'",
     "ice"),
    ("score-key", 'enemy "Probe" {\n    hp: 4\n    score { «damag: 90» }\n}',
     "unknown property 'damag'", "damage"),
    # with no near key the message gave no way on: now it lists the keys there are
    ("score-key-far", 'enemy "Probe" {\n    hp: 4\n    score { «bogus: 5» }\n}',
     "unknown property 'bogus' for a score block (its properties: damage, poison, "
     "negative_status, positive_status, card_used, countdown, unused_pip, move, healing, "
     "opponent_dead, self_dead, outlook, fatal, charge, reserve, holding, rolls, or a status's id)", None),
    # a status's points a stack: its id in the block, or its own score
    ("score-status-key", 'enemy "Probe" {\n    hp: 4\n    score { «shiled: 5» }\n}',
     "unknown property 'shiled' for a score block", "shield"),
    ("status-score-range", 'status "Probe" {\n    score: «999999»\n}',
     "'score' must be from -100000 to 100000, not 999999", None),
    ("status-score-word", 'status "Probe" {\n    score: «lots»\n}',
     "'score' must be a number from -100000 to 100000", None),
    ("unknown-property-far", eq("attack(d)", "\n    «zap: 2»"),
     "unknown property 'zap' for equipment (its properties: size, slots, total, uses, cast, "
     "tags, text, ready, progress)", None),
    ("unknown-flag-far", 'enemy "Probe" {\n    hp: 4\n    «runs away»\n}',
     "unknown property 'runs away' for an enemy (its properties: goes first, hp, dice, level, "
     "xp, equipment, ai, strong, weak, immune, text)", None),
    ("fighter-needs-hp", 'enemy «"Probe"» {\n    dice: 2\n}', "needs 'hp'", None),
    # a name of another kind says what it is, when nothing near is of the kind wanted
    ("card-is-an-enemy", 'enemy "Probe" {\n    hp: 4\n    equipment: «"Handyman"»\n}',
     "unknown card 'Handyman' (Handyman is an enemy)", None),
    ("score-twice", 'enemy "Probe" {\n    hp: 4\n    score { damage: 1 }\n'
     '    «score { damage: 2 }»\n}', "'score' is set twice (first at line 3)", None),
    ("goes-first-twice", 'enemy "Probe" {\n    hp: 4\n    goes first\n    «goes first»\n}',
     "'goes first' is set twice (first at line 3)", None),
    ("floor-twice", 'dungeon "Probe" {\n    floor 1 { enemies: "Frog" }\n'
     '    «floor 1 { enemies: "Frog" }»\n}', "'floor 1' is set twice (first at line 2)", None),
    # An enemy of 8,000 cards took 2 GB and minutes a turn to plan for.
    ("too-many-cards", 'enemy "Probe" {\n    hp: 5\n    «equipment: ' + ", ".join(['"Sword"'] * 25)
     + '»\n}', "a fighter carries at most 24 cards, not 25", None),
    # a call whose arguments are all written out fails the same way every time it runs:
    # said at load, not as a fizzle in every fight
    ("constant-give", eq("«give(7)»"), "give() always fails here: a die must be 1 to 6, not 7",
     None),
    ("constant-give-list", eq("«give([1, 9])»"), "a die must be 1 to 6, not 9", None),
    ("chance-over-100", eq("if chance(«200») { attack(d) }"),
     "chance() takes a percentage from 0 to 100, not 200 (it would always be true)", None),
    ("chance-below-0", eq("if chance(«-5») { attack(d) }"),
     "chance() takes a percentage from 0 to 100, not -5 (it would always be false)", None),
    ("constant-split", eq("let xs = «split(5, 0)»"),
     "split() always fails here: split into 0 parts: parts must be 1 to 6", None),
    ("constant-roll", eq("attack(«roll(6, -1)»)"),
     "roll(6, -1): the first number must not be above the second", None),
    ("constant-pick", eq("attack(«pick([])»)"), "pick() from an empty list", None),
    ("name-without-letters", 'equipment «"!!"» { on use { attack(d) } }',
     "at least one letter a-z or digit 0-9", None),
    # a name or a text of a megabyte loaded, and every message and screen showed it whole
    ("name-too-long", f'equipment «"{"N" * 41}"» {{ on use {{ attack(d) }} }}',
     "a name may be at most 40 characters long (this one has 41)", None),
    ("text-too-long", f'equipment "Probe" {{ text: «"{"t" * 1001}"»; on use {{ attack(d) }} }}',
     "'text' may be at most 1000 characters long (this one has 1001)", None),
    # 日 is a letter: the message said the name had none
    ("name-of-other-letters", 'equipment «"日本語"» { on use { attack(d) } }',
     "a name needs at least one letter a-z or digit 0-9: its id (how cards, mods and "
     "saves name it) is made of those", None),
    ("var-shadows-a-name", 'equipment "Probe" {\n    «var d = 0»\n    on use { attack(1) }\n}',
     "'d' cannot be a variable name: it is a name every hook of the card has", None),
    # it said "(it already means something)", not what
    ("var-named-as-a-status",
     'equipment "Probe" {\n    «var poison = 0»\n    on use { attack(1) }\n}',
     "'poison' cannot be a variable name: it is the status 'Poison'", None),
    ("var-named-as-a-card-field",
     'equipment "Probe" {\n    «var times_used = 0»\n    on use { attack(1) }\n}',
     "'times_used' cannot be a variable name: it is a field every card has (card.times_used)",
     None),
    ("var-twice",
     'equipment "Probe" {\n    var a = 0\n    «var a = 1»\n    on use { attack(a) }\n}',
     "variable 'a' is declared twice", None),
    ("vars-in-a-status", 'status "Probe" {\n    «var a = 0»\n}', "cannot declare variables",
     None),
    # a status named as a script already means the name loaded, then could not be used:
    # inflict(self, 1) gave a fighter, target.hp read the HP
    ("status-named-self", 'status «"Self"» { text: "s" }',
     "a status cannot have the id 'self': in every hook, 'self' is the fighter the hook "
     "runs for", None),
    ("status-named-target", 'status «"Target"» { text: "s" }',
     "a status cannot have the id 'target': in every hook, 'target' is the fighter it aims at",
     None),
    ("status-named-d", 'status «"D"» { text: "s" }',
     "a status cannot have the id 'd': 'd' is a name every hook of equipment sees", None),
    ("status-named-stacks", 'status «"Stacks"» { text: "s" }',
     "'stacks' is a name every hook of statuses sees", None),
    ("status-named-turn", 'status «"Turn"» { text: "s" }', "'turn' is a name every hook sees",
     None),
    ("status-named-amount", 'status «"Amount"» { text: "s" }',
     "'amount' is a name 'on outgoing damage', 'on incoming damage', 'on attacked', 'on "
     "damage taken' and 'on damage dealt' see", None),
    ("status-named-source", 'status «"Source"» { text: "s" }',
     "'source' is a name 'on outgoing damage', 'on incoming damage', 'on attacked', 'on "
     "damage taken' and 'on damage dealt' see", None),
    ("status-named-used", 'status «"Used"» { text: "s" }',
     "'used' is a name 'on any use' and 'on opponent use' see", None),
    ("status-named-hp", 'status «"Hp"» { text: "s" }',
     "a status cannot have the id 'hp': 'hp' is a fighter's field: 'target.hp' would read it, "
     "not the status's stacks", None),
    ("status-named-max-hp", 'status «"Max HP"» { text: "s" }',
     "'max_hp' is a fighter's field", None),
    ("status-named-true", 'status «"True"» { text: "s" }',
     "a status cannot have the id 'true': 'true' is a word of the language", None),
    # ---- calls
    ("argument-count", eq("«attack(d, fire, 3)»"), "takes 1 to 2 arguments, not 3", None),
    ("argument-count-none", eq("«reroll(burn, 1)»"), "takes 0 to 1 arguments, not 2", None),
    ("argument-type", eq('attack(«"x"»)'), "attack() needs a number here, not a string", None),
    ("argument-type-status-string", eq('inflict(«"poison"»)'),
     "write poison without quotes", None),
    ("argument-type-dtype-as-status", eq("inflict(«fire»)"),
     "inflict() needs a status here, not a damage type", None),
    ("argument-type-bool", eq("cure(poison, «true»)"), "cure() needs a number here", None),
    ("argument-type-give", eq("give(«d > 2»)"), "give() needs a number or a list", None),
    # ---- statements
    ("cancel-outside-before-use", eq("if d < 2 { «cancel» }"),
     "'cancel' is only allowed in 'before use'", None),
    ("assign-d", eq("«d = 3»"), "cannot assign to 'd'", None),
    ("assign-dice", eq("«dice = [3]»"), "cannot assign to 'dice'", None),
    ("assign-self", eq("«self = target»"), "cannot assign to 'self'", None),
    ("assign-turn", eq("«turn += 1»"), "cannot assign to 'turn'", None),
    ("assign-amount-elsewhere", 'status "Probe" {\n    on damage taken { «amount = 0» }\n}',
     "cannot assign to 'amount'", None),
    ("keyword-as-name", eq("«let let = 1»"), "'let' is a keyword", None),
    ("local-twice", eq("let x = 1\n        «let x = 2»"), "'x' is already declared (line 5)",
     None),
    ("local-shadows-status", eq("«let poison = 1»"), "'poison' is already a status", None),
    ("loop-var-shadows", eq("«for d in dice { attack(d) }»"),
     "'d' cannot be a loop variable: it is a name every hook of the card has", None),
    ("repeat-too-many", eq("repeat «1000000000» { attack(1) }"),
     "repeat 1000000000: the limit is 100", None),
    ("repeat-not-a-number", eq('repeat «"x"» { attack(1) }'), "repeat needs a number", None),
    ("for-not-a-list", eq("for x in «3» { attack(x) }"), "'for' needs a list", None),
    # ---- values and operators
    ("huge-literal", eq("attack(«1000000000000000000000000000000»)"),
     "number too large: 100000000000… (31 digits)", None),
    ("literal-past-limit", eq("attack(«1000001»)"), "the limit is ±1,000,000", None),
    ("division-by-zero", eq("attack(d / «0»)"), "division by zero", None),
    ("add-types", eq('let t = "a"\n        attack(«t + 1»)'), "cannot add a string and a number",
     None),
    ("negate-string", eq('attack(-«"a"»)'), "'-' needs a number, not a string", None),
    ("compare-list", eq("say(1 < «[1]»)"), "'<' needs a number or a string", None),
    ("compare-mixed", eq('say(«d < "a"»)'), "cannot compare a number with a string", None),
    ("index-number", eq("attack(«3»[0])"), "indexing needs a list or a string", None),
    ("field-of-number", eq("attack(d.«hp»)"), "a number has no fields", None),
    ("in-number", eq("say(1 in «3»)"), "'in' needs a list or a string", None),
    ("list-too-long", eq("say(«[" + ", ".join(["1"] * 101) + "]»)"),
     "list too long (101 items", None),
]

SLOT_ROWS = [
    ("too-many-slots-size-1", "«slots: any, any, any, any»",
     "a size-1 card holds at most 3 dice slots, not 4"),
    ("too-many-slots-size-2", "size: 2\n    «slots: any, any, any, any, any»",
     "a size-2 card holds at most 4 dice slots, not 5"),
    ("doubles-count-as-two", "«slots: doubles, doubles»", "not 4 (doubles count as two)"),
    ("countdown-not-alone", "«slots: countdown 5, any»", "a countdown must be the card's only"),
    ("two-countdowns", "slots: countdown 5, «countdown 6»", "at most one countdown"),
    ("countdown-with-total", "slots: countdown 5\n    «total: 5»", "cannot have a 'total'"),
    ("countdown-range", "slots: «countdown 0», any", "countdown must be from 1 to 100"),
    ("exact-die-value", "slots: «7», any", "needs a die value from 1 to 6, not 7"),
    ("max-die-value", "slots: «max 0», any", "'max' needs a die value from 1 to 6, not 0"),
    ("min-die-value", "slots: «min 9», any", "'min' needs a die value from 1 to 6, not 9"),
    ("range-die-value", "slots: «0..9», any", "a range needs a die value from 1 to 6, not 0"),
    ("spare-die-value", "slots: «spare 7», any", "'spare' needs a die value from 1 to 6"),
    ("empty-range", "slots: «5..3», any", "range 5..3 is empty"),
    ("unreachable-total", "slots: any, any\n    «total: 13»",
     "total 13 cannot be reached with 2 dice (it must be from 2 to 12)"),
    ("total-too-low", "slots: any, any\n    «total: 1»", "total 1 cannot be reached"),
    ("unreachable-total-one-die", "slots: any\n    «total: 13»",
     "total 13 cannot be reached with 1 die (it must be from 1 to 6)"),
    # In range for the number of dice, yet the slots take no dice that sum to it.
    ("total-the-slots-cannot-make", "slots: 1, 1\n    «total: 7»",
     "total 7 cannot be reached with these slots: the dice they take sum to 2"),
    ("total-of-the-wrong-parity", "slots: even, 1\n    «total: 6»",
     "total 6 cannot be reached with these slots: the dice they take sum to 3, 5 or 7"),
    ("total-past-small-slots", "slots: max 2, 2..3\n    «total: 6»",
     "total 6 cannot be reached with these slots: the dice they take sum to 3 to 5"),
    ("total-of-doubles-and-a-die", "slots: doubles, 6\n    «total: 9»",
     "the dice they take sum to 8, 10, 12, 14, 16 or 18"),
    ("no-die-slot", "«slots: free 2»", "a card needs at least one dice slot"),
    ("unknown-slot-kind", "slots: «anny»", "unknown slot kind 'anny' (did you mean 'any'?)"),
    ("unknown-slot-kind-far", "slots: «zzz»", "unknown slot kind 'zzz' (slots are any, "
                                                "even, odd, N, max N, min N, A..B, doubles"),
    ("slot-needs-number", "slots: «max», any", "'max' needs a number"),
    ("slot-takes-no-number", "slots: «even 2», any", "'even' takes no number"),
    ("quoted-slot", 'slots: «"any"», any', "unknown slot kind"),
    # a number in words was 'unknown slot kind' under the whole item, with no hint
    ("slot-number-in-words", "slots: max «seven», any",
     "'max' needs a number, not 'seven': max 1 to max 6"),
    ("countdown-in-words", "slots: countdown «ten»",
     "'countdown' needs a number, not 'ten': countdown 1 to countdown 100"),
    ("slots-without-comma", "slots: «any even»", "slot kinds are separated by commas: 'any, even'"),
]

FIGHTER_ROWS = [
    ("unknown-card-in-equipment",
     'enemy "Probe" {\n    hp: 5\n    equipment: "Sword", «"Swrd"»\n}',
     "unknown card 'Swrd'", "Sword"),
    ("unknown-upgrade-in-equipment",
     'enemy "Probe" {\n    hp: 5\n    equipment: "Sword", «"Swrd+"»\n}',
     "unknown card 'Swrd+'", "Sword+"),
    ("hero-grid-overflow",
     'hero "Probe" {\n    hp: 5\n    «equipment: "Sword", "Sword", "Sword", "Sword"»\n}',
     "the equipment takes 8 spaces but the grid is 6 wide", None),
    ("upgraded-twice", 'hero "Probe" {\n    hp: 5\n    equipment: "Shield", «"Sword ++"»\n}',
     "'Sword ++': a card has one upgrade (write \"Sword+\")", None),
    ("grid-out-of-range", 'hero "Probe" {\n    hp: 5\n    grid: «20»\n}',
     "'grid' must be from 1 to 12", None),
    ("floors-misnumbered",
     'dungeon «"Probe"» {\n    floor 1 { enemies: "Frog" }\n    floor 3 { enemies: "Frog" }\n}',
     "floors must be numbered 1 to 2, found [1, 3]", None),
    ("dungeon-without-floors", 'dungeon «"Probe"» {\n    text: "empty"\n}',
     "a dungeon needs at least one floor", None),
    ("floor-without-number", 'dungeon "Probe" {\n    «floor { enemies: "Frog" }»\n}',
     "write the floor's number", None),
    # A run through such a floor had no enemy to meet: it stopped with an internal error.
    ("floor-without-a-fight",
     'dungeon "Probe" {\n    floor 1 { «fights: 0»; enemies: "Frog" }\n}',
     "a floor needs a fight: 'fights' of 1 or more, or a 'boss'", None),
    ("floor-without-enemies", 'dungeon "Probe" {\n    «floor 1 { fights: 2 }»\n}',
     "a floor needs 'enemies'", None),
    ("unknown-enemy", 'dungeon "Probe" {\n    floor 1 { enemies: «"Frgo"» }\n}',
     "unknown enemy 'Frgo'", "Frog"),
    ("unknown-boss", 'dungeon "Probe" {\n    floor 1 { enemies: "Frog"; boss: «"Dragn"» }\n}',
     "unknown enemy 'Dragn'", "Dragon"),
    ("unknown-reward",
     'dungeon "Probe" {\n    floor 1 { enemies: "Frog"; rewards: «"Swrod"» }\n}',
     "unknown card 'Swrod'", "Sword"),
    ("unknown-hero",
     'dungeon "Probe" {\n    heroes: «"Warior"»\n    floor 1 { enemies: "Frog" }\n}',
     "unknown hero 'Warior'", "Warrior"),
    ("two-bosses",
     'dungeon "Probe" {\n    floor 1 { enemies: "Frog"; «boss: "Dragon", "Frog"» }\n}',
     "a floor has one boss", None),
    ("levels-out-of-order",
     'dungeon «"Probe"» {\n    level 2 { xp: 5 }\n    level 3 { xp: 4 }\n'
     '    floor 1 { enemies: "Frog" }\n}', "higher levels must need more xp", None),
    ("level-without-xp",
     'dungeon "Probe" {\n    «level 2 { hp: 4 }»\n    floor 1 { enemies: "Frog" }\n}',
     "a level needs 'xp'", None),
]



def ext(floor: str, head: str = "") -> str:
    """An ``extend dungeon`` block whose floor 3 holds ``floor``, over several lines."""
    return f'extend dungeon {{{head}\n    floor 3 {{\n        {floor}\n    }}\n}}\n'


EXTENSION_ROWS = [
    ("reward-is-an-enemy", ext('rewards: «"Dragon"»'), "unknown card 'Dragon' (Dragon is an enemy)",
     None),
    ("enemy-is-a-hero", ext('enemies: «"Warrior"»'), "unknown enemy 'Warrior' (Warrior is a hero)",
     None),
    ("extension-names-a-dungeon", 'extend dungeon «"The Dungeon"» {\n    floor 3 { enemies: '
     '"Frog" }\n}', "an extension names no dungeon: it extends the one a run walks", None),
    ("extension-of-an-enemy", 'extend «enemy» "Frog" {\n    hp: 5\n}',
     "only the dungeon can be extended, not an enemy (to change an enemy, write 'override "
     "enemy", None),
    ("extension-sets-fights", ext('enemies: "Frog"\n        «fights: 4»'),
     "an extension cannot change 'fights': it only adds 'heroes' to the dungeon, and "
     "'enemies' and 'rewards' to its floors", None),
    ("extension-sets-a-boss", ext('«boss: "Dragon"»'), "an extension cannot change 'boss'",
     None),
    ("extension-sets-heal", ext('enemies: "Frog"', "\n    «heal: 20»"),
     "an extension cannot change 'heal'", None),
    ("extension-hero-is-an-enemy", ext('enemies: "Frog"', '\n    heroes: «"Frog"»'),
     "unknown hero 'Frog' (Frog is an enemy)", None),
    ("extension-unknown-hero", ext('enemies: "Frog"', '\n    heroes: «"Warior"»'),
     "unknown hero 'Warior'", "Warrior"),
    ("extension-sets-text", ext('enemies: "Frog"', '\n    «text: "Deeper"»'),
     "an extension cannot change 'text'", None),
    ("extension-adds-a-level", ext('enemies: "Frog"', "\n    «level 7 { xp: 99 }»"),
     "an extension cannot change 'level'", None),
    ("extension-unknown-enemy", ext('enemies: "Rat", «"Frgo"»'), "unknown enemy 'Frgo'", "Frog"),
    ("extension-unknown-card", ext('rewards: «"Swrod"»'), "unknown card 'Swrod'", "Sword"),
    # the name is matched as an id, the suggestion is the name a player knows
    ("extension-card-by-id", ext('rewards: «"pea shoter"»'), "unknown card 'pea shoter'",
     "Pea Shooter"),
    # a floor's pools name plain cards: the message said to write what was written
    ("extension-reward-upgraded", ext('rewards: «"Sword+"»'),
     "'Sword+': 'rewards' takes plain names, not upgrades (write \"Sword\")", None),
    ("extension-a-hero-for-an-enemy", ext('enemies: «"Warrior"»'),
     "unknown enemy 'Warrior'", None),
    ("extension-unknown-property", ext('«enemis: "Frog"»'), "unknown property 'enemis' for a "
     "floor of a dungeon extension", "enemies"),
    ("extension-floor-without-number",
     'extend dungeon {\n    «floor { enemies: "Frog" }»\n}', "write the floor's number", None),
    ("extension-floor-zero", 'extend dungeon {\n    «floor 0 { enemies: "Frog" }»\n}',
     "floors are numbered from 1", None),
    ("extension-floor-twice", 'extend dungeon {\n    floor 3 { enemies: "Frog" }\n'
     '    «floor 3 { rewards: "Rock" }»\n}', "'floor 3' is set twice (first at line 2)",
     None),
    ("extension-hook", 'extend dungeon {\n    «on turn start { say(1) }»\n}',
     "a dungeon extension cannot have the hook 'on turn start'", None),
]


def _expect(source: str, words: str, suggestion: str | None, symbols) -> None:
    diag = expect_error(source, words, symbols)
    if suggestion is None:
        assert "did you mean" not in diag.message
    else:
        assert f"(did you mean '{suggestion}'?)" in diag.message


@pytest.mark.parametrize("source, words, suggestion",
                         [pytest.param(*row[1:], id=row[0])
                          for row in ROWS + FIGHTER_ROWS + EXTENSION_ROWS])
def test_error_kind(source, words, suggestion, symbols):
    _expect(source, words, suggestion, symbols)


@pytest.mark.parametrize("slots, words", [pytest.param(*row[1:], id=row[0]) for row in SLOT_ROWS])
def test_slot_rule(slots, words, symbols):
    source = f'equipment "Probe" {{\n    {slots}\n    on use {{ attack(d) }}\n}}\n'
    suggestion = words.split("'")[-2] if "did you mean" in words else None
    _expect(source, words.split(" (did you mean")[0], suggestion, symbols)


@pytest.mark.parametrize("slots", ["slots: 7", "slots: anny\n    total: 13",
                                   "slots: max 9, 0..2\n    total: 2"])
def test_a_wrong_slot_is_not_also_blamed_on_the_card(symbols, slots):
    # "a card needs at least one dice slot", "total cannot be reached" would only repeat
    # that a slot is wrong
    source = f'equipment "Probe" {{\n    {slots}\n    on use {{ attack(d) }}\n}}\n'
    found = errors(source, symbols)
    assert found and all(p.line == 2 for p in found), found
    assert not any("at least one" in p.message or "cannot be reached" in p.message
                   for p in found)


@pytest.mark.parametrize("grid", ["13", "0", "big"])
def test_a_wrong_grid_is_not_also_blamed_on_the_equipment(symbols, grid):
    """'the equipment takes 8 spaces but the grid is 6 wide (set 'grid' or carry less)'
    came before the grid's own error: the grid refused fell back to 6."""
    source = (f'hero "Probe" {{\n    hp: 5\n    equipment: "Sword", "Sword", "Sword", '
              f'"Sword"\n    grid: {grid}\n}}\n')
    found = errors(source, symbols)
    assert [p.line for p in found] == [4] and "'grid' must be" in found[0].message, found


def test_each_problem_once_and_all_of_them(symbols):
    """Every problem of a declaration is reported, each once, in one pass."""
    source = eq("attak(d)\n        inflict(posion)\n        hitz += 1\n        cancel")
    found = errors(source, symbols)
    assert [(p.line, p.column) for p in found] == [(5, 9), (6, 17), (7, 9), (8, 9)]


def test_problems_of_a_variant_are_reported_once(symbols):
    source = ('equipment "Probe" {\n    on use { attack(d) }\n'
              '    upgraded { on use { attak(d) } }\n    weakened { on use { cancel } }\n}')
    found = errors(source, symbols)
    assert [(p.line, p.column) for p in found] == [(3, 25), (4, 25)]


def test_a_hook_a_variant_shares_is_checked_in_the_variant_s_scope(symbols):
    """The base's hook is checked once per scope: a variant whose var changes type meets
    the hook again, and its problem is reported once (at the hook, for both variants)."""
    source = ('equipment "Probe" {\n    var hits = 0\n    on use { attack(hits) }\n'
              '    upgraded { var hits = "many" }\n    weakened { var hits = "few" }\n}')
    (found,) = errors(source, symbols)
    assert (found.line, found.column) == (3, 21) and "needs a number" in found.message
    base = source.replace('upgraded { var hits = "many" }', "upgraded { size: 1 }")
    base = base.replace('weakened { var hits = "few" }', "weakened { size: 1 }")
    assert errors(base, symbols) == []


def test_caret_rendering(symbols):
    source = 'equipment "Frosty" {\n    on use { inflict(frostbyte, 2) }\n}\n'
    (diag,) = errors(source, symbols)
    assert render_all([diag], {"t.dice": source}) == (
        "t.dice:2:22: error: unknown status 'frostbyte'\n"
        "        on use { inflict(frostbyte, 2) }\n"
        "                         ^^^^^^^^^")


def test_warnings_do_not_fail_a_card(symbols):
    source = eq("attack(d) + 1", "\n    tags: «shockimune»")
    clean, line, column, _ = marked(source)
    found = problems(clean, symbols)
    assert {p.severity for p in found} == {"warning"}
    tag = next(p for p in found if "tag" in p.message)
    assert (tag.line, tag.column) == (line, column) and "'shockimmune'" in tag.message


def test_unknown_placeholder_in_text_is_a_warning(symbols):
    source = ('equipment "Probe" {\n    var hits = 0\n    text: "Do [hitz] damage"\n'
              '    on use { attack(hits) }\n}')
    (warn,) = problems(source, symbols)
    assert warn.severity == "warning" and warn.line == 3 and "did you mean 'hits'" in warn.message


@pytest.mark.parametrize("source", [
    'equipment "Probe" {\n    text: "Do [d] and «[dd]» damage"\n    on use { attack(d) }\n}',
    'equipment "Probe" { slots: any; text: "\\"Hit\\"\\n\\\\ «[hitz]»"; on use { attack(d) } }',
    'status "Probe" {\n    text: "Lose [stacks] or «[stack]»"\n    on turn start { }\n}',
], ids=["card", "after-escapes", "status"])
def test_a_placeholder_warning_is_under_the_placeholder(symbols, source):
    clean, line, column, end = marked(source)
    (warn,) = problems(clean, symbols)
    assert warn.severity == "warning" and "text shows" in warn.message
    assert (warn.line, warn.column, warn.end_column) == (line, column, end), str(warn)


def test_a_card_variable_keeps_its_type_and_percentages_at_the_ends_pass(symbols):
    source = ('equipment "Probe" {\n    var n = 0\n    var l = [1]\n    text: "t"; on use {\n'
              '        n = d\n        n += len(l)\n        l = [d, n]\n'
              '        if chance(0) or chance(100) { attack(n) }\n    }\n}')
    assert problems(source, symbols) == []


def test_a_clean_card_has_no_problems(symbols):
    source = ('equipment "Probe" {\n    size: 2\n    slots: max 3, doubles\n    uses: unlimited\n'
              '    var hits = 0\n    text: "Do [d] damage"\n'
              '    before use { if d < 3 { cancel } }\n'
              '    on use { hits += 1; attack(d + hits, fire); inflict(poison, 1) }\n'
              '    upgraded { size: 1 }\n}')
    assert problems(source, symbols) == []


@pytest.mark.parametrize("before", ["# line\u2028separator", "# form\x0cfeed",
                                    "# next\x85line"])
def test_caret_line_is_the_parser_line(symbols, before):
    """Only a newline ends a line: separators inside comments do not (a string may not
    hold one)."""
    source = f'equipment "A" {{\n    {before}\n    on use {{ attak(1) }}\n}}\n'
    (diag,) = errors(source, symbols)
    assert diag.line == 3
    assert render_all([diag], {"t.dice": source}).splitlines()[1] == "        on use { attak(1) }"


def test_caret_under_windows_line_ends(symbols):
    source = 'equipment "A" {\r\n    on use { attak(1) }\r\n}\r\n'
    (diag,) = errors(source, symbols)
    assert render_all([diag], {"t.dice": source}).split("\n")[1:] == [
        "        on use { attak(1) }", "                 ^^^^^"]


def test_a_dungeon_extension_checks_to_the_ids_it_adds(symbols):
    source = ext('enemies: "Rat", "Frog"\n        rewards: "Pea Shooter"')
    (decl,) = parse(source).decls
    defn, found = check_decl(decl, "t.dice", symbols, "mymod")
    assert found == []
    (floor,) = defn.floors
    assert (floor.number, floor.enemies, floor.rewards) == (3, ("rat", "frog"), ("pea_shooter",))
    assert (floor.pos.line, floor.pos.column) == (2, 5)   # where a missing floor is reported
    assert (defn.origin.path, defn.origin.pos.line, defn.origin.mod) == ("t.dice", 1, "mymod")


def test_a_dungeon_extension_may_add_heroes(symbols):
    (decl,) = parse('extend dungeon {\n    heroes: "Thief", "Warrior"\n}').decls
    defn, found = check_decl(decl, "t.dice", symbols)
    assert found == []
    assert (defn.heroes, defn.floors) == (("thief", "warrior"), ())


@pytest.mark.parametrize("source, line", [
    ("extend dungeon { }", 1),
    ('extend dungeon {\n    floor 3 { }\n}', 2),
])
def test_an_extension_that_adds_nothing_is_a_warning(symbols, source, line):
    (warning,) = problems(source, symbols)
    assert warning.severity == "warning" and "adds nothing" in warning.message
    assert warning.line == line


@pytest.mark.parametrize("source, words", [
    ('enemy "Probe" {\n    hp: 9; equipment: "Sword"\n    «dice: 0»\n}', "rolls no dice"),
    ('enemy «"Probe"» {\n    hp: 9\n}', "carries no equipment"),
    ('enemy "Probe" {\n    hp: 9; equipment: "Sword"\n    «score { opponent_dead: -5 }»\n}',
     "this score block rewards losing (opponent_dead: -5)"),
    ('enemy "Probe" {\n    hp: 9; equipment: "Sword"\n    «score { damage: -1; self_dead: 9 }»\n}',
     "rewards losing (damage: -1, self_dead: 9)"),
])
def test_an_enemy_that_cannot_act_or_plays_to_lose_is_warned_of(symbols, source, words):
    """'dice: 0', no equipment, or a score block that pays for losing loaded without a
    word: such an enemy ended every turn (two of them drew at the turn limit)."""
    clean, line, column, _ = marked(source)
    (warning,) = problems(clean, symbols)
    assert warning.severity == "warning" and words in warning.message
    assert (warning.line, warning.column) == (line, column)


def test_a_card_whose_only_hook_is_misnamed_is_not_also_said_to_have_none(symbols):
    """'on used' was an error, and 'has no hooks' came twice beside it (once for the
    upgrade, which shares the hooks)."""
    source = ('equipment "Tinderbox" {\n    slots: max 3; text: "t"\n    on used { attack(d) }\n'
              '    upgraded { slots: max 4 }\n}\n')
    found = problems(source, symbols)
    assert [(p.severity, p.line) for p in found] == [("error", 3)]
    assert "did you mean 'on use'?" in found[0].message
    bare = problems('equipment "Rock" {\n    slots: any; text: "t"\n}\n', symbols)
    assert [p.message for p in bare] == ["equipment 'Rock' has no hooks: it does nothing "
                                         "when used"]


@pytest.mark.parametrize("written, meant", [("on turn begin", "on turn start"),
                                            ("on turn finish", "on turn end"),
                                            ("on used", "on use"), ("on fight begin",
                                                                    "on fight start")])
def test_a_hook_written_with_another_word_is_answered_with_its_meaning(symbols, written,
                                                                       meant):
    """'on turn begin' was answered 'did you mean on turn end?', the nearest spelling."""
    source = (f'equipment "Probe" {{\n    {written} {{ attack(1) }}\n'
              '    on use { attack(d) }\n}\n')
    (err,) = [p for p in problems(source, symbols) if p.severity == "error"]
    assert f"(did you mean '{meant}'?)" in err.message


@pytest.mark.parametrize("ident", ["self", "target", "d", "dice", "card", "turn", "simulation",
                                   "stacks", "amount", "used", "inflicted", "burning", "hp",
                                   "max_hp", "dice_count", "level", "name", "cards_used", "if",
                                   "true", "false", "not", "status"])
def test_no_status_takes_a_name_scripts_already_mean(symbols, ident):
    (err,) = errors(f'status "{ident}" {{ text: "s" }}', symbols)
    assert err.message.startswith(f"a status cannot have the id '{ident}': ")


@pytest.mark.parametrize("ident", ["normal", "fire", "ice"])
def test_a_status_may_double_as_a_damage_type_as_poison_and_shock_do(symbols, ident):
    source = (f'status "{ident}" {{ text: "s" }}\n'
              f'equipment "Probe" {{ text: "t"; on use {{ attack(d, {ident}); inflict({ident}, 1)\n'
              f'    if target.{ident} > 1 {{ heal(1) }} }} }}\n')
    assert problems(source, symbols) == []


#: A card (its upgrade sharing the base's text) and a status, each with a hole where its
#: text goes; the first line it is written after, the text it is given; and the warning.
NO_TEXT = {
    "card": ('equipment "Bellows" {{\n    slots: even\n{text}    on use {{ attack(d) }}\n'
             '    upgraded {{ slots: any }}\n}}\n', "slots: even\n", (1, 11, 20),
             "equipment 'Bellows' has no text: its card shows the player '(no text)' (write "
             "text: \"…\", what it does)"),
    "status": ('status "glum" {{\n    kind: negative\n{text}    on turn start {{ }}\n}}\n',
               "kind: negative\n", (1, 8, 14),
               "status 'glum' has no text: the game's help leaves it out and dicey cards shows "
               "'(no text)' (write text: \"…\", what it does)")}


@pytest.mark.parametrize("kind", NO_TEXT)
@pytest.mark.parametrize("text", ["", '    text: ""\n', '    text: "  "\n'])
def test_a_card_or_status_with_no_text_is_warned_of_at_its_name_once(symbols, kind, text):
    """A card without 'text' (Bellows with its text line deleted) loaded with no warning,
    and shows the player '(no text)'; its upgrade, sharing the base's text, warns no more.
    A status without one too: dicey cards --status showed '(no text)', and the game's help
    left it out."""
    template, after, spot, message = NO_TEXT[kind]
    (warning,) = problems(template.format(text=text), symbols)
    assert warning.severity == "warning"
    assert (warning.line, warning.column, warning.end_column) == spot
    assert warning.message == message
    written = template.format(text="").replace(after, f'{after}    text: "Blow"\n')
    assert problems(written, symbols) == []     # with its text: nothing to say


def test_the_base_game_and_the_bundled_mods_have_a_text_on_every_card_and_status():
    from dicey.library import load_library

    lib = load_library()
    assert [d for d in lib.diagnostics if "has no text" in d.message] == []
    assert all(card.text.strip() for card in lib.equipment.values())
    assert all(status.text.strip() for status in lib.statuses.values())


def test_a_name_unknown_here_is_not_also_blamed_as_the_owners_card(symbols):
    # take_card(used) where there is no 'used': one error, not a second that says 'used'
    # is the owner's card
    found = errors('equipment "Probe" {\n    text: "x"\n    on attacked { take_card(used) }\n}',
                   symbols)
    assert [p.message.split(":")[0] for p in found] == ["unknown name 'used'"]
