"""Legal level-8 Epic20 sheets: one per archetype and one without, ready to be the demo's
pregenerated characters. `example_sheet(slug)` returns a fresh copy to modify freely."""

from __future__ import annotations

import copy

ATTRIBUTE_ORDER = ("corpulencia", "agilidad", "percepcion", "inteligencia", "presencia")


def _skills(*pairs) -> list[dict]:
    result = []
    for pair in pairs:
        slug, value = pair[0], pair[-1]
        entry = {"skill": slug, "value": value}
        if len(pair) == 3:
            entry["specialty"] = pair[1]
        result.append(entry)
    return result


def _powers(*items) -> list[dict]:
    result = []
    for item in items:
        if isinstance(item, str):
            item = (item,)
        entry = {"power": item[0], "modifiers": [], "detail": item[1] if len(item) > 1 else ""}
        if len(item) > 2:
            entry.update(item[2])
        result.append(entry)
    return result


def _sheet(
    name, concept, archetype, attributes, skills, powers, advantages, maneuvers, complications, **extra
):
    sheet = {
        "system": "epic20",
        "name": name,
        "concept": concept,
        "level": extra.pop("level", 8),
        "archetype": archetype,
        "attributes": dict(zip(ATTRIBUTE_ORDER, attributes, strict=True)),
        "skills": _skills(*skills),
        "powers": _powers(*powers),
        "advantages": [
            {"advantage": a[0], "detail": a[1] if len(a) > 1 else "", **(a[2] if len(a) > 2 else {})}
            if isinstance(a, tuple)
            else {"advantage": a, "detail": ""}
            for a in advantages
        ],
        "maneuvers": list(maneuvers),
        "complications": [
            {"complication": c[0], "detail": c[1]}
            if isinstance(c, tuple)
            else {"complication": c, "detail": ""}
            for c in complications
        ],
        "equipment": extra.pop("equipment", []),
    }
    sheet.update(extra)
    return sheet


def _item(kind, name, power=None, armor=False) -> dict:
    return {"kind": kind, "name": name, "power": power, "armor": armor}


H = 0.5
SHEETS: dict[str | None, dict] = {
    None: _sheet(
        "Nova",
        "piloto de carreras con rayos de plasma",
        None,
        (H, 1, 1, H, 0),
        [
            ("vehiculos", 1),
            ("acrobacias", 1),
            ("sigilo", H),
            ("percepcion-visual", H),
            ("conocimientos-de", "Supervivencia", H),
            ("intuicion", H),
        ],
        [("ataque-especial-a-distancia", "rayo de plasma"), ("volar", "estela de plasma"), "superesquiva"],
        ["excelente-piloto", "excelente-atleta"],
        ["ojo-agudo", "desenfunda-rapido"],
        ["identidad-secreta"],
    ),
    "artista-marcial": _sheet(
        "Grulla de Jade",
        "monja de kung-fu que protege a los vendedores del barrio chino",
        "artista-marcial",
        (H, 1, 1, H, 0),
        [
            ("acrobacias", 1),
            ("atletismo", 1),
            ("sigilo", H),
            ("intuicion", H),
            ("percepcion-visual", H),
            ("medicina", H),
        ],
        [("ataque-especial-cuerpo-a-cuerpo-agil", "estilo de la grulla"), ("supersalto", "salto del tigre")],
        ["excelente-atleta", "sin-miedo"],
        [
            "lucha-sin-armas",
            "iniciativa-mejorada",
            "iniciativa-mejorada-2",
            "levantarse-rapido",
            "desarmar",
            "tumbar",
            "tumbar-2",
            "esquiva",
            "parada",
        ],
        [("sentido-del-honor-estricto", "")],
    ),
    "inventor": _sheet(
        "Doctora Engranaje",
        "ingeniera que improvisa artilugios en su taller del sótano",
        "inventor",
        (0, H, H, 1, H),
        [
            ("tecnologia-hardware", 1),
            ("tecnologia-software", 1),
            ("estudios-de", "Ingeniería", H),
            ("investigacion", H),
            ("vehiculos", H),
            ("medicina", H),
        ],
        [
            ("crear-materia", "muros de chatarra"),
            ("mover-objetos-a-distancia", "brazos magnéticos"),
            ("contacto-reparador", "nanobots"),
        ],
        ["memoria-fotografica", ("base-secreta", "taller bajo la ferretería", {"points": 1})],
        ["desenfunda-rapido"],
        ["secreto-oscuro"],
    ),
    "experto": _sheet(
        "Chispas",
        "mecánico de la liga, siempre con las manos manchadas de grasa",
        "experto",
        (0, 1, H, 1, H),
        [
            ("tecnologia-hardware", 2),
            ("tecnologia-software", 2),
            ("vehiculos", 2),
            ("ejerce-de", "Mecánico", 1),
            ("investigacion", 1),
            ("manos-agiles", 1),
            ("percepcion-visual", 1),
        ],
        [("contacto-reparador", "manos de oro"), ("atraer-objetos-hacia-si-mismo", "guante magnético")],
        ["excelente-piloto"],
        ["desenfunda-rapido", "levantarse-rapido"],
        ["familia-a-la-que-proteger"],
        equipment=[_item("mundane", "Caja de herramientas"), _item("mundane", "Furgoneta del taller")],
    ),
    "espia": _sheet(
        "Sombra Carmesí",
        "agente doble infiltrada en una corporación farmacéutica",
        "espia",
        (0, 1, H, H, 1),
        [("enganar", 2), ("sigilo", 1), ("persuasion", 1), ("manos-agiles", 1), ("percepcion-auditiva", H)],
        [
            ("cambiar-de-apariencia", "mil rostros"),
            ("comunicarse-en-cualquier-idioma", "traductor implantado"),
        ],
        ["contactos", "muy-atractiv-a", "memoria-fotografica", "esconderse-a-simple-vista"],
        ["desenfunda-rapido", "ataque-defensivo"],
        ["identidad-secreta"],
        equipment=[
            _item("mundane", "Pistola con silenciador", "ataque-especial-a-distancia"),
            _item("mundane", "Juego de ganzúas"),
        ],
    ),
    "politico": _sheet(
        "Consejera Valdés",
        "concejala capaz de convencer a cualquiera de casi cualquier cosa",
        "politico",
        (0, H, H, 1, 1),
        [
            ("persuasion", 2),
            ("enganar", 1),
            ("intuicion", 1),
            ("estudios-de", "Derecho", 1),
            ("investigacion", H),
        ],
        [("leer-mentes", "intuición sobrenatural")],
        [
            ("influencia-en", "el ayuntamiento"),
            "contactos",
            "ric-a",
            "bien-informad-a",
            "inspirar-a-otros",
            "motivador",
        ],
        ["retrasar-accion"],
        ["secreto-oscuro"],
    ),
    "androide": _sheet(
        "Unidad K-7",
        "androide de compañía que despertó a la conciencia",
        "androide",
        (H, 1, H, 1, 0),
        [
            ("tecnologia-software", 1),
            ("investigacion", 1),
            ("percepcion-visual", H),
            ("medicina", H),
            ("acrobacias", H),
            ("vehiculos", H),
        ],
        [
            ("ataque-especial-a-distancia", "láser del antebrazo"),
            ("superproteccion", "chasis blindado"),
            ("supersentidos", "visión infrarroja"),
            ("comunicarse-en-cualquier-idioma", "base de datos lingüística"),
        ],
        ["memoria-fotografica", "calculador-rapido"],
        ["ojo-agudo", "iniciativa-mejorada"],
        [("vulnerabilidad-a-algo", "táser"), "identidad-secreta", ("odio-hacia-algo", "los desguaces")],
    ),
    "vigilante": _sheet(
        "Nocturno",
        "justiciero enmascarado sin poderes que patrulla los tejados",
        "vigilante",
        (1, 1, H, H, 0),
        [("sigilo", 2), ("acrobacias", 1), ("atletismo", 1), ("intimidacion", 1), ("investigacion", 1)],
        [("trepar", "garras de escalada")],
        ["excelente-atleta", "intimidante", "sin-miedo", "esconderse-a-simple-vista"],
        ["lucha-sin-armas", "agarron", "desarmar", "levantarse-rapido"],
        [("odio-hacia-algo", "el crimen organizado")],
        equipment=[
            _item("mundane", "Cinturón de herramientas"),
            _item("mundane", "Capa reforzada", armor=True),
            _item("mundane", "Pistola de gancho"),
            _item("mundane", "Moto negra"),
        ],
    ),
    "parangon": _sheet(
        "Centinela Dorado",
        "el héroe más querido de la ciudad, fuerte y casi invulnerable",
        "parangon",
        (1, H, H, 0, 1),
        [("atletismo", 1), ("persuasion", 1), ("intimidacion", H), ("percepcion-visual", H)],
        ["superfuerza", "volar", ("superproteccion", "piel dorada"), ("vida-extra", "", {"units": 1})],
        ["inspirar-a-otros"],
        ["interponerse", "levantarse-rapido"],
        ["identidad-secreta", "sentido-del-honor-estricto"],
    ),
    "masa-de-musculos": _sheet(
        "Bulldozer",
        "exluchador convertido en una montaña de músculo",
        "masa-de-musculos",
        (1, H, 1, 0, H),
        [("atletismo", 2), ("intimidacion", 1)],
        [
            "superfuerza",
            ("ataque-especial-a-distancia", "arroja coches", {"throwing": True}),
            ("superproteccion", "piel como el granito"),
        ],
        ["pesado", "gran-resistencia-al-esfuerzo"],
        ["tumbar", "empujar"],
        ["frenesi"],
    ),
    "mentalista": _sheet(
        "Oráculo",
        "telépata que oye los pensamientos de toda la ciudad",
        "mentalista",
        (0, H, 1, 1, H),
        [
            ("intuicion", 1),
            ("investigacion", 1),
            ("medicina", H),
            ("persuasion", H),
            ("percepcion-auditiva", H),
            ("estudios-de", "Psicología", H),
        ],
        ["comunicarse-con-telepatia", ("ataque-mental-a-distancia", "migraña psíquica"), "escudo-mental"],
        ["memoria-fotografica", "bien-informad-a"],
        ["retrasar-accion"],
        [("fobia", "las multitudes")],
    ),
    "energizado": _sheet(
        "Voltio",
        "electricista que quedó cargado tras un accidente en la central",
        "energizado",
        (1, 1, H, H, 0),
        [
            ("tecnologia-hardware", 1),
            ("atletismo", 1),
            ("acrobacias", H),
            ("vehiculos", H),
            ("percepcion-visual", H),
            ("ejerce-de", "Electricista", H),
        ],
        [
            ("ataque-especial-cuerpo-a-cuerpo", "puños eléctricos"),
            ("ataque-especial-a-distancia", "rayos"),
            ("supersalto", "impulso magnético"),
            ("inmunidad-a-un-elemento-o-tipo-de-energia-no-especial", "electricidad"),
            ("trepar", "adherencia magnética"),
        ],
        ["excelente-atleta"],
        ["ataque-poderoso", "levantarse-rapido"],
        [("vulnerabilidad-a-algo", "agua")],
    ),
    "velocista": _sheet(
        "Centella",
        "mensajera que corre más rápido que el sonido",
        "velocista",
        (H, 1, 1, H, 0),
        [
            ("acrobacias", 1),
            ("atletismo", 1),
            ("percepcion-visual", H),
            ("sigilo", H),
            ("intuicion", H),
            ("manos-agiles", H),
        ],
        [
            ("supermovimiento", "correr"),
            "superesquiva",
            ("ataque-especial-cuerpo-a-cuerpo-agil", "mil golpes"),
            ("supersalto", ""),
            ("trepar", "corre por las paredes"),
        ],
        ["excelente-atleta"],
        ["actuar-y-despues-moverse", "moverse-mientras-actua"],
        ["facil-de-provocar"],
    ),
    "monstruo": _sheet(
        "Garra",
        "criatura de las alcantarillas con garras y colmillos, más humana de lo que parece",
        "monstruo",
        (1, H, 1, H, 0),
        [
            ("sigilo", 1),
            ("percepcion-olfativa-tactil-y-gustativa", 1),
            ("atletismo", 1),
            ("intimidacion", H),
            ("intuicion", H),
        ],
        [
            ("ataque-especial-cuerpo-a-cuerpo", "garras y colmillos"),
            ("trepar", "garras"),
            ("supersentidos", "olfato"),
            "regeneracion",
            ("superproteccion", "escamas"),
        ],
        ["seguir-rastros"],
        ["ataque-a-fondo", "tumbar"],
        ["monstruoso", ("odio-hacia-algo", "los cazadores de monstruos")],
        archetype_options={"benefit": "attack", "version": 1},
    ),
    "cambiante": _sheet(
        "Camaleón",
        "ladrón que puede adoptar cualquier rostro",
        "cambiante",
        (0, 1, H, H, 1),
        [
            ("enganar", 1),
            ("sigilo", 1),
            ("manos-agiles", H),
            ("acrobacias", H),
            ("persuasion", H),
            ("intuicion", H),
        ],
        ["cambiar-de-apariencia", "controlar-el-propio-cuerpo", "camuflaje", "supersalto"],
        ["esconderse-a-simple-vista"],
        ["desenfunda-rapido", "escapismo"],
        [("llamativo", "ojos de reptil"), "secreto-oscuro"],
    ),
    "mago": _sheet(
        "Morgana Ruiz",
        "bruja urbana que heredó el grimorio de su abuela",
        "mago",
        (0, H, H, 1, 1),
        [
            ("conocimientos-de", "Ocultismo", 1),
            ("investigacion", 1),
            ("persuasion", H),
            ("intuicion", H),
            ("medicina", H),
            ("estudios-de", "Historia", H),
        ],
        [
            ("ataque-mental-a-distancia", "rayo de energía mística"),
            ("ilusion", "espejismos"),
            ("escudo-mental", "sello de protección"),
        ],
        ["memoria-fotografica", ("fascinar", "cantos hipnóticos")],
        ["retrasar-accion", "luchar-a-ciegas"],
        ["secreto-oscuro"],
    ),
    "tecnificado": _sheet(
        "Armadura Roja",
        "ingeniera que pilota una armadura de combate de su invención",
        "tecnificado",
        (H, 1, H, 1, 0),
        [
            ("tecnologia-hardware", 1),
            ("vehiculos", 1),
            ("tecnologia-software", H),
            ("investigacion", H),
            ("estudios-de", "Ingeniería", H),
            ("percepcion-visual", H),
        ],
        [
            ("volar", "propulsores"),
            ("ataque-especial-a-distancia", "repulsores"),
            ("superproteccion", "blindaje"),
            ("soporte-vital", "sistemas sellados"),
        ],
        ["excelente-piloto", "ric-a"],
        ["ojo-agudo", "iniciativa-mejorada"],
        [("forma-sin-superpoderes", "sin la armadura"), "familia-a-la-que-proteger"],
    ),
    "dios": _sheet(
        "Tyr el Tronante",
        "dios del trueno desterrado entre los mortales",
        "dios",
        (1, H, H, 0, 1),
        [
            ("intimidacion", 1),
            ("atletismo", 1),
            ("persuasion", H),
            ("conocimientos-de", "Mitología nórdica", H),
            ("percepcion-visual", H),
            ("intuicion", H),
        ],
        ["superfuerza", ("volar", "martillo giratorio"), ("ataque-especial-a-distancia", "relámpagos")],
        ["intimidante", "inspirar-a-otros", "dificil-de-matar"],
        ["ataque-poderoso", "interponerse"],
        ["sentido-del-honor-estricto", "facil-de-provocar"],
    ),
    "armero": _sheet(
        "Mecha",
        "armera que fabrica su equipo y a su fiel droide de combate",
        "armero",
        (H, 1, H, 1, 0),
        [
            ("tecnologia-hardware", 2),
            ("tecnologia-software", 1),
            ("vehiculos", 1),
            ("investigacion", 1),
            ("percepcion-visual", H),
        ],
        [("superesquiva", "reflejos entrenados"), ("supersentidos", "visor telescópico")],
        [("ayudante", "droide de combate D-9")],
        ["desenfunda-rapido"],
        ["identidad-secreta", ("odio-hacia-algo", "la corporación Vektor")],
        equipment=[
            _item("special", "Rifle de plasma", "ataque-especial-a-distancia"),
            _item("special", "Armadura de combate", "superproteccion", armor=True),
            _item("special", "Mochila propulsora", "volar"),
        ],
    ),
    "soldado": _sheet(
        "Sargento Ortega",
        "veterano de fuerzas especiales con equipo experimental",
        "soldado",
        (1, 1, H, H, 0),
        [("atletismo", 1), ("vehiculos", 1), ("sigilo", H), ("percepcion-visual", H), ("medicina", H)],
        ["vida-extra", ("supersentidos", "visión nocturna")],
        ["excelente-atleta", "dificil-de-matar"],
        [
            "desenfunda-rapido",
            "ataque-sostenido",
            "ataque-sostenido-2",
            "levantarse-rapido",
            "iniciativa-mejorada",
        ],
        ["familia-a-la-que-proteger", "sentido-del-honor-estricto"],
        equipment=[
            _item("special", "Rifle de asalto experimental", "ataque-especial-a-distancia"),
            _item("special", "Armadura táctica", armor=True),
            _item("mundane", "Cuchillo de combate", "ataque-especial-cuerpo-a-cuerpo"),
            _item("mundane", "Radio táctica"),
        ],
    ),
    "acuatico": _sheet(
        "Marea",
        "heredera de un reino sumergido que defiende la costa",
        "acuatico",
        (1, H, 1, 0, H),
        [
            ("atletismo", 1),
            ("percepcion-visual", 1),
            ("intuicion", H),
            ("persuasion", H),
            ("sigilo", H),
            ("acrobacias", H),
        ],
        [
            ("ataque-especial-cuerpo-a-cuerpo", "tridente"),
            ("superproteccion", "piel de tiburón"),
            ("controlar-animales", "criaturas marinas"),
            ("supersalto", "salto del delfín"),
            ("respirar-bajo-el-agua", "branquias"),
            ("supermovimiento", "nadar"),
        ],
        ["empatia-animal"],
        ["tumbar", "levantarse-rapido"],
        [("necesita-un-elemento-para-subsistir", "agua"), "sentido-del-honor-estricto"],
    ),
    "lider": _sheet(
        "Comandante Estrella",
        "estratega que coordina al grupo desde el cuartel",
        "lider",
        (0, H, H, 1, 1),
        [
            ("persuasion", 1),
            ("estudios-de", "Estrategia militar", 1),
            ("intuicion", H),
            ("investigacion", H),
            ("percepcion-visual", H),
            ("vehiculos", H),
        ],
        [("comunicarse-con-telepatia", "enlace táctico"), ("superesquiva", "instinto de combate")],
        [
            "inspirar-a-otros",
            "trabajo-en-equipo",
            "contactos",
            ("base-secreta", "cuartel", {"points": 1}),
            "motivador",
            "calculador-rapido",
        ],
        ["retrasar-accion", "mostrar-punto-debil"],
        ["familia-a-la-que-proteger"],
    ),
    "bravo": _sheet(
        "Puño de Hierro",
        "boxeador callejero que nunca se rinde",
        "bravo",
        (1, 1, H, 0, H),
        [
            ("atletismo", 1),
            ("intimidacion", 1),
            ("acrobacias", H),
            ("intuicion", H),
            ("percepcion-visual", H),
        ],
        ["superfuerza", "vida-extra", "regeneracion"],
        ["dificil-de-matar", "pesado"],
        ["agarron", "ataque-poderoso", "levantarse-rapido"],
        ["facil-de-provocar"],
    ),
    "granuja": _sheet(
        "Gata Negra",
        "ladrona de guante blanco con más suerte que juicio",
        "granuja",
        (0, 1, H, H, 1),
        [
            ("manos-agiles", 2),
            ("sigilo", 2),
            ("acrobacias", 1),
            ("enganar", 1),
            ("persuasion", 1),
            ("percepcion-visual", 1),
            ("investigacion", H),
        ],
        [("trepar", "uñas de gato"), ("camuflaje", "sombras")],
        ["muy-atractiv-a", "ric-a"],
        ["escapismo", "desenfunda-rapido"],
        ["secreto-oscuro"],
    ),
    "escolar": _sheet(
        "Profesor Albor",
        "catedrático de física teórica metido a aventurero",
        "escolar",
        (0, H, 1, 1, H),
        [
            ("estudios-de", "Física", 2),
            ("investigacion", 1),
            ("medicina", 1),
            ("tecnologia-software", 1),
            ("tecnologia-hardware", 1),
            ("conocimientos-de", "Historia del arte", 1),
            ("intuicion", H),
            ("percepcion-visual", H),
        ],
        [("contacto-curativo", "primeros auxilios cuánticos"), ("sentir-el-entorno", "ecolocalización")],
        ["sabe-un-poco-de-todo", "bien-informad-a", "linguista", "memoria-fotografica", "contactos"],
        [],
        [("minusvalia-fisica", "miopía severa")],
    ),
    "explorador": _sheet(
        "Rastreadora",
        "guía de montaña que sigue cualquier pista",
        "explorador",
        (H, 1, 1, H, 0),
        [
            ("conocimientos-de", "Supervivencia", 1),
            ("sigilo", 1),
            ("percepcion-visual", 2),
            ("percepcion-olfativa-tactil-y-gustativa", 1),
            ("atletismo", 1),
            ("intuicion", H),
            ("medicina", H),
        ],
        [
            ("supersentidos", "olfato de lobo"),
            ("trepar", ""),
            ("ataque-especial-a-distancia", "arco compuesto"),
            ("sentir-el-entorno", "sexto sentido"),
        ],
        ["seguir-rastros"],
        ["excelente-apuntando"],
        [("odio-hacia-algo", "los cazadores furtivos")],
    ),
}


def example_sheet(archetype: str | None = None) -> dict:
    """A legal level-8 sheet for the archetype (None: no archetype), as a fresh copy."""
    return copy.deepcopy(SHEETS[archetype])
