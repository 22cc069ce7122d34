// A Hero System fight played with a client generated from the published schema
// (openapi-typescript + openapi-fetch), type-checked under `tsc --strict` by
// scripts/typecheck-client.sh: every request body, path parameter and answer is the schema's own
// type, and every refusal narrows to the error envelope. Checked, not run.
import createClient from "openapi-fetch";
import type { components, paths } from "./generated/api";

type Schemas = components["schemas"];
type Envelope = Schemas["ErrorEnvelope"];

const BASE = "http://127.0.0.1:8000";

// A refusal is the envelope in every status an operation documents: its first code, typed.
function refused(error: Envelope): string {
  const first = error.errors[0];
  return first ? `${first.code} at ${first.path}: ${first.message}` : "refused";
}

function must<T>(answer: { data?: T; error?: Envelope }): T {
  if (answer.error !== undefined) {
    throw new Error(refused(answer.error));
  }
  if (answer.data === undefined) {
    throw new Error("no body");
  }
  return answer.data;
}

function clientFor(token?: string) {
  return createClient<paths>({
    baseUrl: BASE,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
}

const SHEET = (name: string): Schemas["HeroCharacterInputRequest"] => ({
  system: "hero",
  name,
  characteristics: {
    str: 15, dex: 18, con: 15, body: 10, int: 10, ego: 11, pre: 10,
    pd: 5, ed: 5, spd: 4, rec: 6, end: 30, stun: 30,
  },
  resistant_defenses: { pd: 0, ed: 0 },
  combat_levels: [{ levels: 2, applies_to: "all" }],
  range_levels: 0,
  attacks: [{ name: "Puñetazo", kind: "hth", dice: 3, killing: false, energy: false }],
});

async function register(username: string) {
  const anonymous = clientFor();
  const body: Schemas["RegisterInputRequest"] = { username, password: "contraseña-larga-9" };
  const answer: Schemas["RegisterOutput"] = must(await anonymous.POST("/api/v1/auth/register/", { body }));
  return clientFor(answer.token);
}

type Api = ReturnType<typeof clientFor>;

async function act(api: Api, id: number, body: Schemas["ActionRequest"]): Promise<Schemas["ActionResult"]> {
  return must(await api.POST("/api/v1/encounters/{id}/actions/", { params: { path: { id } }, body }));
}

export async function playAFight(): Promise<string[]> {
  const gm = await register("gm-ts");
  const player = await register("player-ts");

  const campaign: Schemas["Campaign"] = must(
    await gm.POST("/api/v1/campaigns/", { body: { name: "Mesa hero", system: "hero" } }),
  );
  const code = campaign.invite_code;
  if (code === null) throw new Error("the GM sees the invite code");
  must(
    await player.POST("/api/v1/campaigns/{id}/join/", {
      params: { path: { id: campaign.id } },
      body: { invite_code: code },
    }),
  );

  const created = must(
    await player.POST("/api/v1/characters/", { body: { ...SHEET("Dragón"), campaign: campaign.id } }),
  );
  if (created.system !== "hero") throw new Error("a Hero sheet makes a Hero character");
  const ocv: number = created.derived.ocv ?? 0;

  const encounter: Schemas["EncounterCreated"] = must(
    await gm.POST("/api/v1/campaigns/{id}/encounters/", {
      params: { path: { id: campaign.id } },
      body: { name: "Asalto" },
    }),
  );
  const id = encounter.id;
  const joining: Schemas["CombatantFromCharacterRequest"] = { character: created.id, side: "heroes" };
  const hero = must(
    await player.POST("/api/v1/encounters/{id}/combatants/", { params: { path: { id } }, body: joining }),
  );
  const npc: Schemas["CombatantNpcRequest"] = { npc: SHEET("Sicario"), side: "villains", minion: false };
  const villain = must(
    await gm.POST("/api/v1/encounters/{id}/combatants/", { params: { path: { id } }, body: npc }),
  );
  // The Location of a new combatant answers GET.
  must(await gm.GET("/api/v1/encounters/{id}/combatants/{cid}/", { params: { path: { id, cid: villain.id } } }));

  const started = await act(gm, id, { type: "start" });
  if (started.state.system !== "hero") throw new Error("a Hero fight");
  const segment: number | null = started.state.clock.segment;

  await act(gm, id, { type: "declare_ahead_on" });
  await act(player, id, {
    type: "declare",
    actor: hero.id,
    action: { type: "attack", target: villain.id, attack: "Puñetazo" },
  });
  await act(gm, id, {
    type: "declare",
    actor: villain.id,
    action: { type: "attack", target: hero.id, attack: "strike" },
  });

  const state = must(await player.GET("/api/v1/encounters/{id}/", { params: { path: { id } } }));
  const waiting: number[] = state.waiting_for.map((w) => w.combatant);

  const log = must(await player.GET("/api/v1/encounters/{id}/events/", { params: { path: { id } } }));
  const lines: string[] = [];
  for (const event of log.results) {
    if (event.system === "hero" && event.type === "attack") {
      const kb = event.knockback;
      const inches = kb?.inches ?? 0;
      const stun = event.damage?.stun ?? 0;
      lines.push(`${event.text} (${stun} STUN, ${inches}")`);
    } else {
      lines.push(event.text);
    }
  }

  const undone: Schemas["Undo"] = must(await gm.POST("/api/v1/encounters/{id}/undo/", { params: { path: { id } } }));
  const revealed: Schemas["Reveal"] = must(
    await gm.POST("/api/v1/encounters/{id}/reveal/", { params: { path: { id } } }),
  );
  const exported: Schemas["Export"] = must(
    await gm.GET("/api/v1/encounters/{id}/export/", { params: { path: { id }, query: { format: "markdown" } } }),
  );

  // A refusal narrows to the envelope, whatever its status.
  const wrong = await gm.PATCH("/api/v1/encounters/{id}/", {
    params: { path: { id } },
    body: { turn_deadline_hours: 400 },
  });
  if (wrong.error !== undefined) {
    lines.push(refused(wrong.error));
  }
  return [
    ...lines,
    `OCV ${ocv}, segment ${segment ?? "-"}, waiting for ${waiting.join(",")}`,
    `undone ${undone.undone.join(",")}, seed ${revealed.server_seed}`,
    exported.text,
  ];
}
