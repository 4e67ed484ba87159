// Builds one currency format for the locale it is sent, then ends: see loadNumberDataOffMainThread.
self.onmessage = (event: MessageEvent<string>) => {
  try {
    new Intl.NumberFormat(event.data, { style: 'currency', currency: 'USD' }).format(0);
  } finally {
    self.close();
  }
};
