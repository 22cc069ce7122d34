"""Every problem code with its message in Spanish (the community's language) and English.

Placeholders are filled by `problems.problem`: catalogue names in the reader's language and
numbers as players write them ("1½").
"""

MESSAGES: dict[str, tuple[str, str]] = {
    # The sheet as a whole
    "sheet.not_object": (
        "La ficha tiene que ser un objeto JSON con los datos del personaje.",
        "The sheet must be a JSON object with the character's data.",
    ),
    "sheet.internal_error": (
        "No hemos podido revisar esta ficha por un fallo nuestro. Avisa a los administradores.",
        "We could not check this sheet because of a fault on our side. Please tell the admins.",
    ),
    "system.unsupported": ("Esta ficha no es de Epic20.", "This sheet is not an Epic20 sheet."),
    "name.required": ("Ponle un nombre al personaje.", "Give the character a name."),
    "name.invalid": ("El nombre tiene que ser un texto.", "The name must be text."),
    "concept.invalid": ("El concepto tiene que ser un texto.", "The concept must be text."),
    "level.required": ("Falta el nivel del personaje.", "The character's level is missing."),
    "level.invalid": ("El nivel tiene que ser un número entero.", "The level must be a whole number."),
    "level.out_of_range": (
        "El nivel va de 0 (un niño) a 40 (una entidad cósmica mayor).",
        "Level goes from 0 (a child) to 40 (a major cosmic entity).",
    ),
    "awards.invalid": (
        "Este premio del director no se entiende (categoría o cantidad incorrecta) y no se ha contado.",
        "This GM award cannot be read (wrong category or amount) and was not counted.",
    ),
    # Archetype
    "archetype.invalid": (
        "El arquetipo tiene que ser un texto o nada.",
        "The archetype must be text or null.",
    ),
    "archetype.unknown": ("No existe el arquetipo «{slug}».", 'There is no archetype "{slug}".'),
    "archetype_options.invalid": (
        "Las opciones del arquetipo tienen que ser un objeto.",
        "The archetype options must be an object.",
    ),
    "archetype_options.not_a_choice": (
        "Cada opción del arquetipo es un texto, un número o verdadero/falso.",
        "Each archetype option is text, a number or true/false.",
    ),
    "archetype_options.unknown": (
        "Este arquetipo no tiene la opción «{key}».",
        'This archetype has no option "{key}".',
    ),
    "archetype_options.invalid_value": (
        "Valor no válido para esta opción del arquetipo; elige entre: {choices}.",
        "Invalid value for this archetype option; choose among: {choices}.",
    ),
    "archetype_options.ignored": (
        "Hay opciones de arquetipo pero el personaje no tiene arquetipo: no se tienen en cuenta.",
        "There are archetype options but the character has no archetype: they are ignored.",
    ),
    "archetype.must_sacrifice_half_powers": (
        "Puntos de superpoderes que un {archetype} debe sacrificar: al menos {required} (ha sacrificado "
        "{sacrificed}); gástalos en habilidades, ventajas, maniobras o equipo.",
        "Power points a {archetype} must sacrifice: at least {required} (sacrificed {sacrificed}); "
        "spend them on skills, advantages, maneuvers or equipment.",
    ),
    # Attributes
    "attributes.invalid": (
        "Los atributos tienen que ser un objeto con los cinco atributos.",
        "Attributes must be an object with the five attributes.",
    ),
    "attributes.unknown": ("No existe el atributo «{slug}».", 'There is no attribute "{slug}".'),
    "attributes.invalid_value": (
        "{attribute} solo puede valer 0, ½ o 1.",
        "{attribute} can only be 0, ½ or 1.",
    ),
    "attributes.missing": ("Falta el valor de {attribute}.", "{attribute} has no value."),
    "attributes.invalid_choice": (
        "Reparte los atributos así: {destacables} a 1 (destacables), uno a 0 (no desarrollado) y {halves} a ½.",
        "Spread the attributes like this: {destacables} at 1 (outstanding), one at 0 (undeveloped) and {halves} at ½.",
    ),
    "attributes.archetype_required": (
        "Un {archetype} necesita {attributes} como atributo {state}.",
        "A {archetype} needs {attributes} as an {state} attribute.",
    ),
    "attributes.archetype_forbidden": (
        "Un {archetype} no puede tener {attribute} como atributo {state}.",
        "A {archetype} cannot have {attribute} as an {state} attribute.",
    ),
    # Skills
    "skills.invalid": ("Las habilidades tienen que ser una lista.", "Skills must be a list."),
    "skills.invalid_entry": (
        "Cada habilidad tiene que ser un objeto con «skill» y «value».",
        'Each skill must be an object with "skill" and "value".',
    ),
    "skills.unknown": ("No existe la habilidad «{slug}».", 'There is no skill "{slug}".'),
    "skills.invalid_value": (
        "El valor de una habilidad va de 0 a 2, en pasos de ½.",
        "A skill's value goes from 0 to 2, in steps of ½.",
    ),
    "skills.invalid_specialty": ("La especialidad tiene que ser un texto.", "The specialty must be text."),
    "skills.specialty_required": (
        "{skill} necesita que digas de qué (carrera, materia o profesión).",
        "{skill} needs you to say of what (degree, subject or profession).",
    ),
    "skills.specialty_not_allowed": (
        "{skill} no lleva especialidad.",
        "{skill} takes no specialty.",
    ),
    "skills.duplicate": (
        "{skill} aparece dos veces con la misma especialidad; junta los puntos en una sola.",
        "{skill} appears twice with the same specialty; put the points together.",
    ),
    "skills.archetype_grant_unused": (
        "El arquetipo te regala puntos en {skills} ({amount}), pero la ficha no los refleja.",
        "The archetype gives you points in {skills} ({amount}), but the sheet does not show them.",
    ),
    "skills.over_budget": (
        "Te has pasado en habilidades: gastas {spent} y tienes {available}.",
        "Too many skill points: you spend {spent} and have {available}.",
    ),
    "skills.unspent": (
        "Puntos de habilidad por gastar: {left}.",
        "Skill points left to spend: {left}.",
    ),
    # Powers
    "powers.invalid": ("Los poderes tienen que ser una lista.", "Powers must be a list."),
    "powers.invalid_entry": (
        "Cada poder tiene que ser un objeto con «power».",
        'Each power must be an object with "power".',
    ),
    "powers.unknown": ("No existe el poder «{slug}».", 'There is no power "{slug}".'),
    "powers.invalid_detail": (
        "El detalle del poder tiene que ser un texto.",
        "The power's detail must be text.",
    ),
    "powers.invalid_units": (
        "Las unidades de un poder son un número entero de 1 en adelante.",
        "A power's units are a whole number from 1 up.",
    ),
    "powers.invalid_throwing": (
        "«throwing» tiene que ser verdadero o falso.",
        '"throwing" must be true or false.',
    ),
    "powers.invalid_modifiers": (
        "Los modificadores tienen que ser una lista.",
        "Modifiers must be a list.",
    ),
    "powers.unknown_modifier": ("No existe el modificador «{slug}».", 'There is no modifier "{slug}".'),
    "powers.duplicate_modifier": (
        "Este modificador ya está puesto en el poder.",
        "This modifier is already on the power.",
    ),
    "powers.modifier_not_standalone": (
        "{power} es un modificador: ponlo en los «modifiers» del poder que modifica.",
        '{power} is a modifier: put it in the "modifiers" of the power it modifies.',
    ),
    "powers.modifier_not_applicable": (
        "{modifier} no se puede aplicar a {power}.",
        "{modifier} cannot be applied to {power}.",
    ),
    "powers.not_repeatable": (
        "{power} no se compra varias veces; deja sus unidades en 1.",
        "{power} cannot be bought several times; leave its units at 1.",
    ),
    "powers.requires": ("{power} requiere {required}.", "{power} requires {required}."),
    "powers.included": (
        "{power} ya está incluido en {includer}; no se cobra dos veces.",
        "{power} is already included in {includer}; it is not charged twice.",
    ),
    "powers.not_at_creation": (
        "{power} no se puede elegir al crear el personaje; solo con puntos que te dé el director.",
        "{power} cannot be chosen at character creation; only with points the GM awards.",
    ),
    "powers.archetype_forbidden": (
        "Un {archetype} no puede tener {power} (solo poderes a distancia para arrojar objetos).",
        "A {archetype} cannot have {power} (only ranged powers used to throw objects).",
    ),
    "powers.archetype_required": (
        "Un {archetype} tiene que tener {powers}.",
        "A {archetype} must have {powers}.",
    ),
    "powers.detail_missing": (
        "Di qué es exactamente {power} (qué sentido, elemento, movimiento…).",
        "Say exactly what {power} is (which sense, element, movement…).",
    ),
    "powers.duplicate": (
        "{power} aparece dos veces igual; si es a propósito (por ejemplo, dos armas), distingue el detalle.",
        "{power} appears twice; if on purpose (two weapons, say), tell them apart in the detail.",
    ),
    "powers.hit_points_capped": (
        "Los puntos de vida de un personaje jugador no pasan de su nivel ({level}): sobra alguna Vida extra.",
        "A player character's hit points cannot exceed their level ({level}): some Extra life is wasted.",
    ),
    "powers.over_budget": (
        "Te has pasado en superpoderes: gastas {spent} y tienes {available}.",
        "Too many power points: you spend {spent} and have {available}.",
    ),
    "powers.unspent": (
        "Puntos de superpoderes por gastar: {left}.",
        "Power points left to spend: {left}.",
    ),
    # Advantages
    "advantages.invalid": ("Las ventajas tienen que ser una lista.", "Advantages must be a list."),
    "advantages.invalid_entry": (
        "Cada ventaja tiene que ser un objeto con «advantage».",
        'Each advantage must be an object with "advantage".',
    ),
    "advantages.unknown": ("No existe la ventaja «{slug}».", 'There is no advantage "{slug}".'),
    "advantages.invalid_points": (
        "Los puntos de {advantage} no cuadran con lo que cuesta.",
        "The points of {advantage} do not match its cost.",
    ),
    "advantages.invalid_detail": (
        "El detalle de la ventaja tiene que ser un texto.",
        "The advantage's detail must be text.",
    ),
    "advantages.requires_attribute": (
        "{advantage} requiere {attributes} como atributo destacable.",
        "{advantage} requires {attributes} as an outstanding attribute.",
    ),
    "advantages.archetype_forbidden": (
        "Un {archetype} no puede tener {advantage}.",
        "A {archetype} cannot have {advantage}.",
    ),
    "advantages.duplicate": ("{advantage} aparece dos veces.", "{advantage} appears twice."),
    "advantages.detail_missing": (
        "Concreta {advantage} (por ejemplo, en qué tienes influencia).",
        "Say what {advantage} covers (for example, where your influence lies).",
    ),
    "advantages.over_budget": (
        "Te has pasado en ventajas: gastas {spent} y tienes {available}.",
        "Too many advantage points: you spend {spent} and have {available}.",
    ),
    "advantages.unspent": (
        "Puntos de ventajas por gastar: {left}.",
        "Advantage points left to spend: {left}.",
    ),
    # Maneuvers
    "maneuvers.invalid": ("Las maniobras tienen que ser una lista.", "Maneuvers must be a list."),
    "maneuvers.unknown": ("No existe la maniobra «{slug}».", 'There is no maneuver "{slug}".'),
    "maneuvers.invalid_detail": (
        "El detalle de la maniobra tiene que ser un texto.",
        "The maneuver's detail must be text.",
    ),
    "maneuvers.weapon_not_found": (
        "{maneuver}: «{weapon}» no es un arma del equipo que le sirva; la maniobra no hará nada.",
        '{maneuver}: "{weapon}" is no item of the equipment it works with; the maneuver will do nothing.',
    ),
    "maneuvers.no_fitting_weapon": (
        "{maneuver} necesita un arma del equipo que le sirva; ahora no hará nada.",
        "{maneuver} needs an item of the equipment it works with; for now it does nothing.",
    ),
    "maneuvers.duplicate": ("{maneuver} aparece dos veces.", "{maneuver} appears twice."),
    "maneuvers.requires": ("{maneuver} requiere {required}.", "{maneuver} requires {required}."),
    "maneuvers.requires_attribute": (
        "{maneuver} requiere {attributes} como atributo destacable.",
        "{maneuver} requires {attributes} as an outstanding attribute.",
    ),
    "maneuvers.over_budget": (
        "Te has pasado en maniobras de combate: tienes {spent} y te tocan {available}.",
        "Too many combat maneuvers: you have {spent} and are allowed {available}.",
    ),
    "maneuvers.unspent": (
        "Maniobras por elegir: {left}.",
        "Maneuvers left to choose: {left}.",
    ),
    # Complications
    "complications.invalid": (
        "Las complicaciones tienen que ser una lista.",
        "Complications must be a list.",
    ),
    "complications.invalid_entry": (
        "Cada complicación tiene que ser un objeto con «complication».",
        'Each complication must be an object with "complication".',
    ),
    "complications.unknown": ("No existe la complicación «{slug}».", 'There is no complication "{slug}".'),
    "complications.invalid_detail": (
        "El detalle de la complicación tiene que ser un texto.",
        "The complication's detail must be text.",
    ),
    "complications.count": (
        "Número de complicaciones: debe tener {required} (contando las del arquetipo) y tiene {have}.",
        "Number of complications: it must have {required} (counting the archetype's) and has {have}.",
    ),
    "complications.duplicate": (
        "{complication} aparece dos veces; elige otra distinta.",
        "{complication} appears twice; choose a different one.",
    ),
    "complications.detail_missing": (
        "Concreta {complication} (a qué, de qué o cuándo).",
        "Say what {complication} is about.",
    ),
    "complications.redundant": (
        "{complication} ya incluye {included}.",
        "{complication} already includes {included}.",
    ),
    # Equipment
    "equipment.invalid": ("El equipo tiene que ser una lista.", "Equipment must be a list."),
    "equipment.invalid_entry": (
        "Cada objeto de equipo tiene que ser un objeto JSON.",
        "Each item must be a JSON object.",
    ),
    "equipment.invalid_kind": (
        "El equipo es «special» (especial) o «mundane» (mundano).",
        'Equipment is "special" or "mundane".',
    ),
    "equipment.invalid_name": ("Ponle nombre al objeto.", "Give the item a name."),
    "equipment.unknown_power": ("No existe el poder «{slug}».", 'There is no power "{slug}".'),
    "equipment.invalid_armor": ("«armor» tiene que ser verdadero o falso.", '"armor" must be true or false.'),
    "equipment.invalid_shield": (
        "«shield» (escudo) tiene que ser verdadero o falso.",
        '"shield" must be true or false.',
    ),
    "equipment.invalid_two_handed": (
        "«two_handed» (a dos manos) tiene que ser verdadero o falso.",
        '"two_handed" must be true or false.',
    ),
    "equipment.invalid_reach": (
        "«reach» (alcance extendido) tiene que ser verdadero o falso.",
        '"reach" must be true or false.',
    ),
    "equipment.invalid_ranged": (
        "«ranged» (a distancia) tiene que ser verdadero o falso.",
        '"ranged" must be true or false.',
    ),
    "equipment.invalid_burst": (
        "«burst» (ráfaga) tiene que ser verdadero o falso.",
        '"burst" must be true or false.',
    ),
    "equipment.invalid_heavy": (
        "«heavy» (arma pesada) tiene que ser verdadero o falso.",
        '"heavy" must be true or false.',
    ),
    "equipment.invalid_for_spaceship": (
        "«for_spaceship» (para la nave espacial) tiene que ser verdadero o falso.",
        '"for_spaceship" must be true or false.',
    ),
    "equipment.no_spaceship": (
        "Equipo para la nave espacial: hace falta la ventaja «Nave espacial».",
        "Equipment for the spaceship: the advantage Spaceship is needed.",
    ),
    "equipment.spaceship_special_only": (
        "Lo que no cuenta para el límite es el equipo especial de la nave; el mundano no tiene límite.",
        "Only the ship's special equipment is outside the cap; mundane equipment has none.",
    ),
    "equipment.invalid_detail": (
        "El detalle del objeto tiene que ser texto.",
        "The item's detail must be text.",
    ),
    "equipment.burst_needs_ranged": (
        "Un arma de ráfaga es un arma a distancia: márcala también «A distancia».",
        'A burst weapon is a ranged weapon: mark it "Ranged" too.',
    ),
    "equipment.reach_is_melee": (
        "El alcance extendido es de armas cuerpo a cuerpo, no a distancia.",
        "Reach is for melee weapons, not ranged ones.",
    ),
    "equipment.shield_two_handed": (
        "Un escudo se embraza en un brazo: no es un arma a dos manos.",
        "A shield is strapped to one arm: it is no two-handed weapon.",
    ),
    "equipment.shield_ranged": ("Un escudo no es un arma a distancia.", "A shield is no ranged weapon."),
    "equipment.archetype_forbidden": (
        "Un {archetype} no puede tener equipo especial.",
        "A {archetype} cannot have special equipment.",
    ),
    "equipment.advantage_mismatch": (
        "Puntos de la ventaja de equipo: la ficha dice {declared}, los objetos suman {items}; se cobran {charged}.",
        "Equipment advantage points: the sheet says {declared}, the items add up to {items}; {charged} are charged.",
    ),
    "special_equipment.over_cap": (
        "Puntos de equipo especial: tienes {spent} y tu límite es {cap}; el exceso se paga con puntos de "
        "superpoderes (uno por cada uno) y no te quedan.",
        "Special-equipment points: you have {spent} and your cap is {cap}; the excess is paid with power "
        "points (one for one) and you have none left.",
    ),
}
