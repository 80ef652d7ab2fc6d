// `eva history …` and `eva models …`: what the window's sidebar and status bar
// show, as lines (or JSON objects) a script can read.
import type { CoreSession } from './core-session';
import type { EvaCommand } from './eva-args';
import type { EvaOutput } from './eva-output';
import { EXIT } from './exit-codes';

type InfoCommand = Extract<EvaCommand, { kind: 'history' } | { kind: 'models' }>;

export async function infoCommand(
  command: InfoCommand,
  session: CoreSession,
  out: EvaOutput,
  log: (text: string) => void,
): Promise<number> {
  if (command.kind === 'history') {
    switch (command.action) {
      case 'list': {
        const { conversations } = await session.invoke('history:list');
        for (const c of conversations)
          out.line(
            `${c.id}  ${new Date(c.updatedAt).toISOString().slice(0, 16).replace('T', ' ')}  ${c.title || '(untitled)'}`,
            { type: 'conversation', ...c },
          );
        return EXIT.ok;
      }
      case 'search': {
        const { hits } = await session.invoke('history:search', { query: command.query });
        for (const hit of hits)
          out.line(`${hit.conversationId}  ${hit.title}: ${hit.snippet.replace(/\s+/g, ' ')}`, { type: 'hit', ...hit });
        return hits.length > 0 ? EXIT.ok : EXIT.error;
      }
      case 'show': {
        const opened = await session.invoke('history:open', { id: command.id });
        const byId = new Map(opened.messages.map((m) => [m.id, m]));
        for (const id of opened.activePath) {
          const message = byId.get(id)!;
          const text =
            typeof message.content === 'string'
              ? message.content
              : message.content.map((part) => (part.type === 'text' ? part.text : `[${part.type}]`)).join('\n');
          out.line(
            `${message.role === 'user' ? 'You' : 'EVA'}${message.status !== 'complete' ? ` (${message.status})` : ''}: ${text}`,
            { type: 'message', ...message },
          );
        }
        return EXIT.ok;
      }
      case 'export': {
        const exported = await session.invoke('history:export', { ids: [command.id], format: 'markdown' });
        out.line(exported.text.trimEnd(), { type: 'export', ...exported });
        return EXIT.ok;
      }
    }
  }
  switch (command.action) {
    case 'status': {
      const status = await session.invoke('backend:status');
      const where = status.port !== null ? ` on ${status.host}:${status.port}` : '';
      out.line(
        `${status.state}${status.model ? `: ${status.model.name}` : ''}${status.backend ? ` (${status.backend})` : ''}${where}${status.error ? ` — ${status.error.message}` : ''}`,
        { type: 'status', ...status },
      );
      return status.state === 'error' ? EXIT.error : EXIT.ok;
    }
    case 'load': {
      const settings = await session.invoke('settings:get');
      log(`loading ${command.path}…`);
      const status = await session.invoke('backend:load', { ...settings.load, modelPath: command.path });
      // Remembered as the app's load form does: the next `eva ask` (and the app) loads this one.
      await session.invoke('settings:update', { load: { modelPath: command.path } });
      out.line(
        `ready: ${status.model?.name ?? command.path} (${status.backend}) in ${((status.loadMs ?? 0) / 1000).toFixed(1)} s`,
        { type: 'status', ...status },
      );
      if (session.mode === 'own')
        log(
          '(eva stops the server again when it exits; load a model for many answers in the app, or with `npm run serve`)',
        );
      return EXIT.ok;
    }
    case 'stop': {
      const status = await session.invoke('backend:stop');
      out.line(status.state, { type: 'status', ...status });
      return EXIT.ok;
    }
    case 'log': {
      const { lines } = await session.invoke('backend:log');
      for (const line of lines.slice(-50)) out.line(line.text, { type: 'log', ...line });
      return EXIT.ok;
    }
  }
}
