import { englishMessages, translateMessage, type Message } from '@fueldesk/contracts';
import { spanishMessages } from '@fueldesk/contracts/messages-es';

/** What the server sends for a message key to an English or a Spanish caller. */
export const en = (message: Message) => translateMessage(englishMessages, message);
export const es = (message: Message) => translateMessage(spanishMessages, message);
