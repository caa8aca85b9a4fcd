// GET AI's model path (docs/architecture.md §14 GET AI): when `LLM_BASE_URL` names an OpenAI-compatible server (Ollama, vLLM,
// llama.cpp, or a hosted one), the user's message and the tools of src/domain/assistant/modelTools.ts go to its
// `/chat/completions` with function calling, and the one tool call that comes back becomes the plan. A plain fetch
// rather than an SDK: one request shape, no streaming, no multi-step loop, and the arguments are validated by our
// own rules anyway. Anything but a valid call — a network error, a timeout, prose, an unknown tool, arguments that
// do not fit — is null, and the embedded planner answers, so a flaky model never leaves the chat without an answer.
import type { FastifyBaseLogger } from 'fastify';
import { isRecord } from '../../../src/domain/sync';
import { MODEL_TOOLS, modelInstructions, planFromToolCall } from '../../../src/domain/assistant/modelTools';
import type { AssistantPlan, PlannerContext } from '../../../src/domain/assistant/types';
import type { AssistantModelConfig } from '../config';

/** The first tool call of a chat-completions answer, or null. */
function firstToolCall(body: unknown): { name: string; arguments: string } | null {
  if (!isRecord(body) || !Array.isArray(body.choices)) return null;
  const [choice] = body.choices as unknown[];
  if (!isRecord(choice) || !isRecord(choice.message) || !Array.isArray(choice.message.tool_calls))
    return null;
  const [call] = choice.message.tool_calls as unknown[];
  if (!isRecord(call) || !isRecord(call.function)) return null;
  const { name, arguments: args } = call.function;
  if (typeof name !== 'string') return null;
  // Most servers send the arguments as JSON text, some as an object.
  const text = typeof args === 'string' ? args : isRecord(args) ? JSON.stringify(args) : '';
  return { name, arguments: text };
}

/** The model's plan for one message, or null when the embedded planner should answer. */
export async function planWithModel(
  config: AssistantModelConfig,
  message: string,
  context: PlannerContext,
  log?: FastifyBaseLogger,
): Promise<AssistantPlan | null> {
  try {
    const response = await fetch(`${config.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: config.model,
        temperature: 0,
        messages: [
          { role: 'system', content: modelInstructions(context) },
          { role: 'user', content: message },
        ],
        tools: MODEL_TOOLS,
        tool_choice: 'auto',
      }),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
    if (!response.ok) {
      log?.warn({ status: response.status }, 'GET AI model answered an error; the embedded planner answers');
      return null;
    }
    const call = firstToolCall(await response.json());
    const plan = call ? planFromToolCall(call.name, call.arguments, context) : null;
    if (!plan) log?.info({ tool: call?.name ?? null }, 'GET AI model gave no usable tool call');
    return plan;
  } catch (error) {
    log?.warn({ err: error }, 'GET AI model could not be reached; the embedded planner answers');
    return null;
  }
}
