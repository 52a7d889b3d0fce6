import { describe, expect, it } from 'vitest';
import { parseHelpText } from './help-text';

const HELP = [
  'Available commands:',
  '',
  'General:',
  '  /help (or /h) - List every command.',
  '  /roll [NdM] - Roll dice.',
  '',
  'Adventure:',
  '  /adventure [location] [level] (or /a, /adv) - Set out on an adventure.',
  '',
  'Anything else you type is said in your console.',
].join('\n');

describe('the Commands panel reads the /help answer', () => {
  it('is not fooled by other lines', () => {
    expect(parseHelpText('Aria rolls 1d20: 4.')).toBeNull();
  });

  it('reads groups, usages, aliases, help and notes', () => {
    const list = parseHelpText(HELP);
    expect(list?.groups.map((g) => g.title)).toEqual(['General', 'Adventure']);
    expect(list?.groups[0]?.commands).toEqual([
      { usage: '/help', name: 'help', aliases: ['/h'], help: 'List every command.' },
      { usage: '/roll [NdM]', name: 'roll', aliases: [], help: 'Roll dice.' },
    ]);
    expect(list?.groups[1]?.commands[0]).toEqual({
      usage: '/adventure [location] [level]',
      name: 'adventure',
      aliases: ['/a', '/adv'],
      help: 'Set out on an adventure.',
    });
    expect(list?.notes).toEqual(['Anything else you type is said in your console.']);
  });
});
