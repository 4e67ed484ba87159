/** The words of spec §4 / platforms §147 for a refused or dismissed browser prompt. */
export const PERMISSION_NOT_GRANTED = 'Notification permission was not granted';
